/** The one replaced range that turns `before` into `after` (common start and end kept). */
export interface Change {
  from: number;
  to: number;
  insert: string;
}

/**
 * The smallest single replacement between two texts: everything both share at the start and at
 * the end stays, so a collaborator's cursor elsewhere keeps its place. Not a merge: one writer's
 * own edit (a toolbar action, a form value) expressed as a change.
 */
export function minimalChange(before: string, after: string): Change | null {
  if (before === after) return null;
  let start = 0;
  const shortest = Math.min(before.length, after.length);
  while (start < shortest && before.charCodeAt(start) === after.charCodeAt(start)) start += 1;
  let end = 0;
  while (
    end < shortest - start &&
    before.charCodeAt(before.length - 1 - end) === after.charCodeAt(after.length - 1 - end)
  ) {
    end += 1;
  }
  return { from: start, to: before.length - end, insert: after.slice(start, after.length - end) };
}
