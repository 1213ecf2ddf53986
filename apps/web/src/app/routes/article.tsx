/** Placeholder: the Breakthrough lands with its feature. */
export function ArticlePage() {
  return (
    <main className="page">
      <div className="container">
        <h1>Breakthrough</h1>
        <p>This page is being built.</p>
      </div>
    </main>
  );
}
