/**
 * What the moderators' page reads. A module of its own: the app's entry starts these reads
 * (app/page-reads.ts) without carrying the safety API's code.
 */
export const adminPaths = {
  /** GET: open reports grouped by target. */
  reports: '/api/admin/reports',
  /** GET: the moderators' actions, newest first. */
  audit: '/api/admin/audit',
} as const;
