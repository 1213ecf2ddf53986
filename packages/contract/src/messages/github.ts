/**
 * GitHub (codehost/): why GitHub could not help (`github.reason.*`, the `reason` of the
 * sentences after them), what could not be done, and the notices of a list served from the
 * cache (sent in headers with the list, not as errors).
 */
export const githubMessages = {
  'github.reason.rateLimited': "GitHub's rate limit was reached",
  'github.reason.slow': 'GitHub is slow to answer right now',
  'github.reason.down': 'GitHub is not answering right now',
  'github.reason.unreachable': 'GitHub could not be reached',
  'github.userUnchecked':
    "{reason}, so the GitHub user '{login}' could not be checked. Please try again in a minute.",
  'github.repoUnchecked':
    '{reason}, so the repository could not be checked. Please try again in a minute.',
  'github.activityUnavailable':
    '{reason}, so the repository activity cannot be shown. Please try again in a minute.',
  'github.reposUnavailable':
    '{reason}, so your repositories cannot be shown. Please try again in a minute.',
  /** `until`: when the cached copy was fetched (ISO 8601). */
  'github.activityAsOf': '{reason}; showing the repository activity as of {until}.',
  'github.reposAsOf': '{reason}; showing your repositories as of {until}.',
  'github.noBlog': 'No blog is linked to {repo}.',
  'github.privateActivity':
    'The activity of a private repository is shown to its blog members only.',
  'github.repoUrl': '{field} must be a repository address on {host} (like {example}).',
  'webhooks.notConfigured': 'Webhooks are not configured (set GITHUB_WEBHOOK_SECRET).',
  'webhooks.badSignature': 'The webhook signature does not match.',
  'webhooks.notJson': 'The webhook body is not valid JSON.',
  'webhooks.noRepository': 'The webhook body names no repository.',
  'webhooks.appNotConfigured':
    'No GitHub App is configured (set GITHUB_APP_ID, GITHUB_APP_PRIVATE_KEY, GITHUB_APP_SLUG and GITHUB_APP_WEBHOOK_SECRET).',
  'webhooks.noDelivery': 'The webhook delivery has no X-GitHub-Delivery header.',
  'connections.membersOnly': "Only the blog's members see how its repository is connected.",
} as const;
