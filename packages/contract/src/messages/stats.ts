/** Writers' stats (stats/). */
export const statsMessages = {
  'stats.membersOnly': 'Only members of this blog can see its stats.',
} as const;
