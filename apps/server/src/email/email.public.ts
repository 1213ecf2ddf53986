/** What other features use of email: remembering the address GitHub gives at sign-in. */
export type { EmailService } from './email.service.js';
