/** What other features may use of safety: the checks before a write (deps.safety). */
export type { SafetyChecks } from './safety-checks.js';
