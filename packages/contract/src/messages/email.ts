/** Email addresses, preferences and their signed links (email/). */
export const emailMessages = {
  'mail.badAddress': 'Enter one email address, such as name@example.com.',
  'mail.addressLimit':
    'You have asked to change your email address {count} times today, the most allowed. Try again tomorrow.',
  'mail.tokenInvalid': 'This link is not valid: it was changed or cut short. Nothing was changed.',
  'mail.tokenExpired': 'This link has expired. Nothing was changed.',
  'mail.tokenOtherUser':
    'This link was sent to another account. Sign in as that account to use it. Nothing was changed.',
  'mail.off': 'Email is off on this server.',
  'mail.unsubscribed':
    'You will no longer get these emails. Change this any time in your settings.',
} as const;
