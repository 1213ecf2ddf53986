/** What features use of the outbox: writing events, and handling them. */
export type { DeliveryContext, Outbox, OutboxHandler } from './outbox.js';
export type { EmailJob, OutboxEventMap, OutboxEventName } from './outbox.events.js';
