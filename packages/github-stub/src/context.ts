import type { ServerResponse } from 'node:http';
import type { StubFaults } from './faults';
import type { StubApp } from './app-state';
import type { AuthStore } from './oauth-store';
import type { RateLimits } from './rate-limit';
import type { StubState } from './state';

/** Everything a request handler needs; one per stub instance. */
export interface StubContext {
  state: StubState;
  faults: StubFaults;
  auth: AuthStore;
  rate: RateLimits;
  clientId: string;
  clientSecret: string;
  /** Fixed origin (and prefix) for absolute URLs; otherwise taken from each request. */
  baseUrl: string | undefined;
  /** API responses held open by the `hang` fault. */
  hanging: Set<ServerResponse>;
  /** API requests received and not yet answered (a test waits for one to be in flight). */
  pending: { count: number };
  /** The GitHub App the stand-in plays, when configured. */
  app: StubApp | undefined;
}
