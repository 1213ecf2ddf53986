/** Placeholder: the Blogs you followed lands with its feature. */
export function FollowedBlogsPage() {
  return (
    <main className="page">
      <div className="container">
        <h1>Blogs you followed</h1>
        <p>This page is being built.</p>
      </div>
    </main>
  );
}
