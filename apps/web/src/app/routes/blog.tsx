/** Placeholder: the Blog lands with its feature. */
export function BlogPage() {
  return (
    <main className="page">
      <div className="container">
        <h1>Blog</h1>
        <p>This page is being built.</p>
      </div>
    </main>
  );
}
