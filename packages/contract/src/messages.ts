/**
 * The catalogue of every message the API can send: each key with its English text, whose
 * `{param}`s the message's params fill. Error bodies carry `{error, message, key, params}`
 * (`message` is this English text, filled); clients show their own text for the key. Plain
 * values: the web imports the types (and tests the texts); the English stays on the server.
 */
import { fillMessage } from './message-format';
import { articleMessages } from './messages/articles';
import { authMessages } from './messages/auth';
import { blogMessages } from './messages/blogs';
import { draftMessages, liveMessages } from './messages/drafts';
import { emailMessages } from './messages/email';
import { githubMessages } from './messages/github';
import { httpMessages } from './messages/http';
import { mediaMessages } from './messages/media';
import { repoItemMessages } from './messages/repo-items';
import { searchMessages } from './messages/search';
import { safetyMessages } from './messages/safety';
import { statsMessages } from './messages/stats';
import { tagMessages } from './messages/tags';
import { validationMessages } from './messages/validation';

export { fillMessage, paramNames, type KeyedMessage, type MessageParam } from './message-format';

export const MESSAGES = {
  ...authMessages,
  ...blogMessages,
  ...articleMessages,
  ...draftMessages,
  ...liveMessages,
  ...mediaMessages,
  ...searchMessages,
  ...tagMessages,
  ...safetyMessages,
  ...emailMessages,
  ...statsMessages,
  ...githubMessages,
  ...repoItemMessages,
  ...httpMessages,
  ...validationMessages,
} as const;

export type MessageKey = keyof typeof MESSAGES;
/** The key of an error: every one is in the catalogue. */
export type ErrorKey = MessageKey;

/** The `{param}` names of a text, as a union of string literals. */
type ParamNames<Text extends string> = Text extends `${string}{${infer Name}}${infer Rest}`
  ? Name | ParamNames<Rest>
  : never;
type ParamsOf<K extends MessageKey> = ParamNames<(typeof MESSAGES)[K]>;

/** The params a key's text needs: one value per `{param}` (a nested message where it says). */
export type MessageParams<K extends MessageKey> = {
  readonly [P in ParamsOf<K>]: string | number | Message;
};

/** A key with its params, typed together. */
export type Message = { [K in MessageKey]: { key: K; params: MessageParams<K> } }[MessageKey];

/** How code names a message: `('blogs.notFound', { blogId })`, or the key alone when it has none. */
export type MessageArgs = {
  [K in MessageKey]: [ParamsOf<K>] extends [never]
    ? [key: K, params?: MessageParams<K>]
    : [key: K, params: MessageParams<K>];
}[MessageKey];

const english = MESSAGES as Readonly<Record<string, string>>;

export const isMessageKey = (key: string): key is MessageKey =>
  Object.prototype.hasOwnProperty.call(MESSAGES, key);

/** The message that MessageArgs name. */
export const toMessage = (...[key, params]: MessageArgs): Message =>
  ({ key, params: params ?? {} }) as Message;

/** A message's English text, params filled in. */
export const formatMessage = (message: Message): string =>
  fillMessage(message, (key) => english[key]) ?? message.key;
