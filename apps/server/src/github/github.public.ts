/** What other features may use of the GitHub client: its types and its one error type. */
export {
  GitHubError,
  type GitHubClient,
  type GitHubCommit,
  type GitHubCommitDetail,
  type GitHubComment,
  type GitHubFile,
  type GitHubIssueDetail,
  type GitHubIssue,
  type GitHubRepo,
  type GitHubUser,
} from './github.types.js';
export { APP_SETUP_PATH, APP_WEBHOOK_PATH, createGitHubApp, type GitHubApp } from './github-app.js';
