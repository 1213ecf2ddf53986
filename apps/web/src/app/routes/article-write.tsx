/** Placeholder: the Write breakthrough lands with its feature. */
export function ArticleWritePage() {
  return (
    <main className="page">
      <div className="container">
        <h1>Write breakthrough</h1>
        <p>This page is being built.</p>
      </div>
    </main>
  );
}
