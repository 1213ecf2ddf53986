/** Placeholder: the GitHub login lands with its feature. */
export function GithubCallbackPage() {
  return (
    <main className="page">
      <div className="container">
        <h1>GitHub login</h1>
        <p>This page is being built.</p>
      </div>
    </main>
  );
}
