/** Placeholder: the Create a new tech blog lands with its feature. */
export function MakeBlogPage() {
  return (
    <main className="page">
      <div className="container">
        <h1>Create a new tech blog</h1>
        <p>This page is being built.</p>
      </div>
    </main>
  );
}
