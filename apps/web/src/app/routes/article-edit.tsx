/** Placeholder: the Edit breakthrough lands with its feature. */
export function ArticleEditPage() {
  return (
    <main className="page">
      <div className="container">
        <h1>Edit breakthrough</h1>
        <p>This page is being built.</p>
      </div>
    </main>
  );
}
