/** True when leaving the page now would ask the browser's "Leave site?" question. */
export function leavingAsks(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}
