/** What other features may use of codehost: the service they are handed in deps, item reads. */
export { mayCreateBlog, type CodehostService } from './codehost.service.js';
export { repoItemReads, type RepoItemReads } from './repo-item-reads.js';
