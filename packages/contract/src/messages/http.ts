/**
 * The error handler's own answers, the framework's refusals, routes that do not exist, and the
 * server's small endpoints (feeds, share cards, health, metrics).
 */
export const httpMessages = {
  'http.internal': 'Something went wrong on our side. Please try again.',
  'http.alreadyExists': 'That already exists.',
  'http.relatedGone': 'A related record no longer exists.',
  'http.badValue': 'A value in the request is out of range or malformed.',
  /** A refusal of the framework or a plugin with no key of its own: `detail` is its text. */
  'http.rejected': '{detail}',
  'http.bodyTooLarge': 'Request body is too large',
  'http.unsupportedMediaType': 'Unsupported Media Type',
  'http.lengthMismatch': 'Request body size did not match Content-Length',
  'http.emptyJson': "Body cannot be empty when content-type is set to 'application/json'",
  'http.invalidJson': "Body is not valid JSON but content-type is set to 'application/json'",
  'http.rateLimited.ms': 'Rate limit exceeded, retry in {count} ms',
  'http.rateLimited.second': 'Rate limit exceeded, retry in {count} second',
  'http.rateLimited.seconds': 'Rate limit exceeded, retry in {count} seconds',
  'http.rateLimited.minute': 'Rate limit exceeded, retry in {count} minute',
  'http.rateLimited.minutes': 'Rate limit exceeded, retry in {count} minutes',
  'http.rateLimited.hour': 'Rate limit exceeded, retry in {count} hour',
  'http.rateLimited.hours': 'Rate limit exceeded, retry in {count} hours',
  'http.nul': '{field}: the NUL character (\\u0000) is not allowed in text.',
  'http.noApiRoute': 'No API route {method} {path}.',
  'http.nothingAt': 'Nothing at {path}.',
  'http.nothingAtMethod': 'Nothing at {method} {path}.',
  'http.notBuilt': 'Nothing at {path}. The web app is not built (run npm run build).',
  'http.noFile': 'No file {path}.',
  'http.metricsToken': 'The metrics need the METRICS_TOKEN bearer token.',
  'http.databaseDown': 'The database is not reachable.',
  'feeds.sitemapPages': 'The sitemap has {pages} page(s).',
  'pages.shareCardPath': 'Share cards live at {path}.',
  'pages.busy': 'The server is busy rendering other pages; try again in {seconds} seconds.',
} as const;
