/** Placeholder: the Workspace lands with its feature. */
export function WorkspacePage() {
  return (
    <main className="page">
      <div className="container">
        <h1>Workspace</h1>
        <p>This page is being built.</p>
      </div>
    </main>
  );
}
