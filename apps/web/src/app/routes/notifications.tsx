/** Placeholder: the All Notifications lands with its feature. */
export function NotificationsPage() {
  return (
    <main className="page">
      <div className="container">
        <h1>All Notifications</h1>
        <p>This page is being built.</p>
      </div>
    </main>
  );
}
