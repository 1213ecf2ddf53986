/**
 * The article page's two beacons (no cookie, no third-party script): a view when the page
 * opens, and a read once the reader has stayed a while and scrolled past most of the body.
 * The server counts them in memory (one per reader per breakthrough per 30 minutes).
 */

/** Stayed at least this long (ms) before a read counts, however short the body. */
const MIN_STAY_MS = 5000;
/** Words a fast skimmer takes in per minute: a longer body asks for a longer stay. */
const SKIM_WORDS_PER_MINUTE = 750;
/** "Most of the body": this share of it has been on screen. */
const READ_SHARE = 0.75;

let firstView = true;

const send = (kind: 'view' | 'read', body: Record<string, unknown>) => {
  const data = new Blob([JSON.stringify(body)], { type: 'application/json' });
  if (!navigator.sendBeacon?.(`/api/stats/${kind}`, data)) {
    void fetch(`/api/stats/${kind}`, { method: 'POST', body: data, keepalive: true }).catch(
      () => undefined,
    );
  }
};

/** Sends the view now and the read when earned; the returned function stops watching. */
export function watchReading(articleId: number, body: HTMLElement): () => void {
  // Only the page the reader arrived on has an outside referrer; later ones came from here.
  send('view', { articleId, referrer: firstView ? document.referrer : location.href });
  firstView = false;

  const words = (body.textContent ?? '').split(/\s+/).length;
  const stayMs = Math.max(MIN_STAY_MS, (words / SKIM_WORDS_PER_MINUTE) * 60_000);
  let stayed = false;
  let scrolled = false;
  let done = false;
  const check = () => {
    if (done) return;
    const box = body.getBoundingClientRect();
    scrolled ||= box.top + box.height * READ_SHARE <= window.innerHeight;
    if (stayed && scrolled) {
      done = true;
      stop();
      send('read', { articleId });
    }
  };
  const timer = setTimeout(() => {
    stayed = true;
    check();
  }, stayMs);
  const stop = () => {
    clearTimeout(timer);
    window.removeEventListener('scroll', check);
  };
  window.addEventListener('scroll', check, { passive: true });
  check();
  return stop;
}
