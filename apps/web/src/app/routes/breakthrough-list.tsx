/** Placeholder: the Let's Explore all breakthroughs! lands with its feature. */
export function BreakthroughListPage() {
  return (
    <main className="page">
      <div className="container">
        <h1>Let's Explore all breakthroughs!</h1>
        <p>This page is being built.</p>
      </div>
    </main>
  );
}
