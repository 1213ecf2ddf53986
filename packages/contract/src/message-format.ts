/**
 * Filling a keyed message's text with its params: plain code that server and web share (the
 * web imports this module alone, without the English catalogue of ./messages).
 */

/** What one `{param}` of a message holds: a text, a number, or another message (its sentence). */
export type MessageParam = string | number | KeyedMessage;

/** A message as the API sends it: a key of the catalogue (./messages) and its params. */
export interface KeyedMessage {
  key: string;
  params: Readonly<Record<string, MessageParam>>;
}

/** The `{param}` names a text holds, each once, in order. */
export const paramNames = (text: string): string[] => [
  ...new Set([...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '')),
];

/**
 * The message's text (from `textOf`, in one language) with each `{param}` replaced by its value
 * as written (a nested message by its own text); undefined when `textOf` lacks a text.
 */
export function fillMessage(
  message: KeyedMessage,
  textOf: (key: string) => string | undefined,
): string | undefined {
  const text = textOf(message.key);
  if (text === undefined) return undefined;
  let complete = true;
  const filled = text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!Object.prototype.hasOwnProperty.call(message.params, name)) return whole;
    const value = message.params[name];
    if (typeof value !== 'object') return String(value);
    const inner = fillMessage(value, textOf);
    if (inner === undefined) complete = false;
    return inner ?? whole;
  });
  return complete ? filled : undefined;
}
