/*
 * Relative times ('3 hours ago'): formatTimeAgo lives beside the TimeAgo component, so the
 * pages that show them load one chunk for both; code that only formats imports it from here.
 */
export { formatTimeAgo } from '../components/ui/time-ago';
