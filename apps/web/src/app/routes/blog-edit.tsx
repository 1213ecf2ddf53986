/** Placeholder: the Edit blog lands with its feature. */
export function BlogEditPage() {
  return (
    <main className="page">
      <div className="container">
        <h1>Edit blog</h1>
        <p>This page is being built.</p>
      </div>
    </main>
  );
}
