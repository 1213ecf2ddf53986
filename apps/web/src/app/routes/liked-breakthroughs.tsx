/** Placeholder: the Breakthroughs what you liked lands with its feature. */
export function LikedBreakthroughsPage() {
  return (
    <main className="page">
      <div className="container">
        <h1>Breakthroughs what you liked</h1>
        <p>This page is being built.</p>
      </div>
    </main>
  );
}
