const WINDOW_MS = 3_600_000;
const AUTHENTICATED_LIMIT = 5000;
const ANONYMOUS_LIMIT = 60;

interface Window {
  used: number;
  resetAt: number;
}

type RateHeaders = Record<`x-ratelimit-${string}`, string>;

function headers(limit: number, used: number, resetAt: number): RateHeaders {
  return {
    'x-ratelimit-limit': String(limit),
    'x-ratelimit-remaining': String(Math.max(0, limit - used)),
    'x-ratelimit-reset': String(Math.ceil(resetAt / 1000)),
    'x-ratelimit-used': String(Math.min(used, limit)),
    'x-ratelimit-resource': 'core',
  };
}

/**
 * Reports GitHub's hourly "core" budget (5,000 signed in, 60 anonymous) per caller. The stub
 * only counts; running out is simulated with the `rateLimited` fault, never enforced.
 */
export class RateLimits {
  private readonly windows = new Map<string, Window>();

  /** Headers for one response; `count` is false for 304s, which GitHub does not charge. */
  headersFor(identity: string, authenticated: boolean, count: boolean): RateHeaders {
    const now = Date.now();
    let window = this.windows.get(identity);
    if (!window || window.resetAt <= now) {
      window = { used: 0, resetAt: now + WINDOW_MS };
      this.windows.set(identity, window);
    }
    if (count) window.used += 1;
    return headers(
      authenticated ? AUTHENTICATED_LIMIT : ANONYMOUS_LIMIT,
      window.used,
      window.resetAt,
    );
  }

  clear(): void {
    this.windows.clear();
  }
}

/** What a rate-limited response carries: nothing left, reset a minute from now. */
export function exhaustedRateHeaders(): RateHeaders {
  return headers(AUTHENTICATED_LIMIT, AUTHENTICATED_LIMIT, Date.now() + 60_000);
}
