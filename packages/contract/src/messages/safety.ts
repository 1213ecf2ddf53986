/** Reports, moderation, blocks and the limits on new accounts (contract: safety.ts). */
export const safetyMessages = {
  'reports.self': 'You cannot report yourself or what you wrote.',
  'reports.targetNotFound': 'There is no {targetType} with id {targetId} to report.',
  'reports.duplicate': 'You already reported this; your report is open.',
  'validation.text.otherReason': 'text is required when the reason is other',
  'reports.received': 'Thank you. Your report was received; a moderator will look at it.',
  'moderation.moderatorsOnly': 'Only moderators can do this.',
  'moderation.suspended':
    'Your account is suspended until {until}. You can read Repolog, but not write.',
  'moderation.suspendedForGood': 'Your account is suspended. You can read Repolog, but not write.',
  'moderation.notApplicable': '{action} does not apply to a {targetType}.',
  'moderation.targetNotFound': 'There is no {targetType} with id {targetId}.',
  'moderation.untilPast': 'until must be a time in the future.',
  'moderation.notSelf': 'Moderators cannot act on their own account.',
  'moderation.done': 'Done: {action}.',
  'blocks.self': 'You cannot block yourself.',
  'blocks.blocked': '{login} is blocked.',
  'blocks.unblocked': '{login} is unblocked.',
  'comments.blocked': 'You cannot comment on this breakthrough.',
  'comments.locked': 'Comments on this breakthrough are closed.',
  'comments.membersOnlyModerate':
    'Only members of this blog can hide comments or close the comments of its breakthroughs.',
  'limits.breakthroughsPerDay':
    'New accounts, and accounts without public activity on GitHub, can post at most {max} breakthroughs a day. Please try again tomorrow.',
  'limits.commentsPerDay':
    'New accounts, and accounts without public activity on GitHub, can post at most {max} comments a day. Please try again tomorrow.',
  'blogs.cannotAdd': '{login} cannot be added to a blog by you.',
} as const;
