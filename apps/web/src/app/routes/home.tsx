/** Placeholder: the Home lands with its feature. */
export function HomePage() {
  return (
    <main className="page">
      <div className="container">
        <h1>Home</h1>
        <p>This page is being built.</p>
      </div>
    </main>
  );
}
