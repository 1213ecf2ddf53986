/**
 * Keys for the schemas' own messages. A schema's check says its message as English text (what
 * zod reports); the text is remembered with its key and params, so a failed check answers with
 * both (messageOfIssue). Texts are few and fixed: they are made once, as the schemas are built.
 */
import { formatMessage, isMessageKey, toMessage, type Message, type MessageArgs } from './messages';

const byText = new Map<string, Message>();

/** A check's message: its English text, remembered with its key. */
export function says(...args: MessageArgs): string {
  const message = toMessage(...args);
  const text = formatMessage(message);
  if (!byText.has(text)) byText.set(text, message);
  return text;
}

/** The kinds of check every field may fail (validation.<kind> in the catalogue). */
export type FieldCheck =
  | 'required'
  | 'notText'
  | 'tooLong'
  | 'notNumber'
  | 'notWhole'
  | 'notPositive'
  | 'atLeast'
  | 'atMost'
  | 'outOfRange'
  | 'oneOf';

/**
 * A field's message for a failed check: the field's own wording when the catalogue has one
 * (`validation.title.required`), else the general one with the field's name.
 */
export function fieldSays(
  name: string,
  check: FieldCheck,
  params: Readonly<Record<string, string | number>> = {},
): string {
  const own = `validation.${name}.${check}`;
  const args = isMessageKey(own) ? [own, params] : [`validation.${check}`, { name, ...params }];
  return says(...(args as MessageArgs));
}

/** The key and params of a check's message; the library's own wording has `validation.invalid`. */
export const messageOfIssue = (text: string): Message =>
  byText.get(text) ?? { key: 'validation.invalid', params: { detail: text } };

/** Every message the schemas' checks can say (those of the schemas built so far). */
export const schemaMessages = (): Message[] => [...byText.values()];
