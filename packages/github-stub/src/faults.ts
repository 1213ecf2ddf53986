import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { HttpError, sendJson } from './http';
import { exhaustedRateHeaders } from './rate-limit';

/** Switches that make the REST API misbehave; they never touch the OAuth pages. */
export interface StubFaults {
  /** Delay before every API response, in milliseconds. */
  latencyMs: number;
  /** When set, every API call answers this status with `{message: 'Server Error'}`. */
  failStatus: number | null;
  /** When true, every API call answers 403 "API rate limit exceeded". */
  rateLimited: boolean;
  /** When true, API calls never answer (the socket stays open until the stub closes). */
  hang: boolean;
}

export function defaultFaults(): StubFaults {
  return { latencyMs: 0, failStatus: null, rateLimited: false, hang: false };
}

const MAX_LATENCY_MS = 120_000;

/** Applies a partial update from the control API; 422 (and nothing changed) on a bad value. */
export function patchFaults(faults: StubFaults, patch: unknown): void {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) {
    throw new HttpError(422, 'Body must be a JSON object');
  }
  const next: StubFaults = { ...faults };
  for (const [key, value] of Object.entries(patch)) {
    if (key === 'latencyMs') {
      if (!Number.isInteger(value) || (value as number) < 0 || (value as number) > MAX_LATENCY_MS) {
        throw new HttpError(422, `latencyMs must be an integer from 0 to ${MAX_LATENCY_MS}`);
      }
      next.latencyMs = value as number;
    } else if (key === 'failStatus') {
      if (
        value !== null &&
        (!Number.isInteger(value) || (value as number) < 400 || (value as number) > 599)
      ) {
        throw new HttpError(422, 'failStatus must be null or an integer from 400 to 599');
      }
      next.failStatus = value as number | null;
    } else if (key === 'rateLimited' || key === 'hang') {
      if (typeof value !== 'boolean') throw new HttpError(422, `${key} must be a boolean`);
      next[key] = value;
    } else {
      throw new HttpError(422, `Unknown fault: ${key}`);
    }
  }
  Object.assign(faults, next);
}

const DOCS = 'https://docs.github.com/rest';

/**
 * Runs the configured faults for one API request. Returns true when a fault took the request
 * over (answered it, or left it hanging in `hanging` until the socket closes).
 */
export async function applyFaults(
  faults: StubFaults,
  res: ServerResponse,
  hanging: Set<ServerResponse>,
  rateHeaders: () => Record<string, string>,
): Promise<boolean> {
  if (faults.latencyMs > 0) {
    await sleep(faults.latencyMs);
    if (res.destroyed) return true;
  }
  if (faults.hang) {
    hanging.add(res);
    res.once('close', () => hanging.delete(res));
    return true;
  }
  if (faults.rateLimited) {
    sendJson(
      res,
      403,
      {
        message: 'API rate limit exceeded for user ID 1.',
        documentation_url: `${DOCS}/overview/rate-limits-for-the-rest-api`,
      },
      exhaustedRateHeaders(),
    );
    return true;
  }
  if (faults.failStatus !== null) {
    sendJson(res, faults.failStatus, { message: 'Server Error' }, rateHeaders());
    return true;
  }
  return false;
}
