/** Placeholder: the My blog lands with its feature. */
export function MyBlogPage() {
  return (
    <main className="page">
      <div className="container">
        <h1>My blog</h1>
        <p>This page is being built.</p>
      </div>
    </main>
  );
}
