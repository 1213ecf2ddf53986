/** What other features may use of auth: the signed-in guard and the caller's identity. */
export { requireActor } from './session.js';
export { signedInRoutes } from './signed-in.js';
