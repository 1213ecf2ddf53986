/** What other features may use of codehost: the service they are handed in deps. */
export { mayCreateBlog, type CodehostService } from './codehost.service.js';
