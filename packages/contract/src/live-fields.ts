/**
 * A draft's fields in its live Yjs document, read and written the same way by the server (the
 * drafts table follows the document; a form save becomes edits of it) and the web (the form
 * shows it and types into it): Y.Text for the typed fields, one Y.Map of the choices with ''
 * for none. Typed structurally, so this package needs no Yjs (a Y.Doc is a LiveDoc).
 */
import {
  LIVE_CHOICE_FIELDS,
  LIVE_CHOICES,
  LIVE_TAGS,
  LIVE_TEXT_FIELDS,
  liveTags,
  type LiveTextField,
} from './live';

/** What the mapping uses of a Y.Text. */
interface LiveText {
  toJSON(): string;
  insert(index: number, text: string): void;
  delete(index: number, length: number): void;
}

/** What the mapping uses of a Y.Doc. */
export interface LiveDoc {
  getText(name: string): LiveText;
  getMap(name: string): { get(key: string): unknown; set(key: string, value: string): unknown };
  transact(change: () => void): unknown;
}

/** Every field of a draft as its document holds it ('' for a choice not made). */
export type LiveFields = Record<LiveTextField | (typeof LIVE_CHOICE_FIELDS)[number], string> & {
  tags: string[];
};

/** One edit of a text: at `at`, `remove` characters go and `insert` comes. */
export interface TextEdit {
  at: number;
  remove: number;
  insert: string;
}

/** The fields the document says now. */
export function readLiveFields(doc: LiveDoc): LiveFields {
  const choices = doc.getMap(LIVE_CHOICES);
  const choice = (name: string) => {
    const value = choices.get(name);
    return typeof value === 'string' ? value : '';
  };
  return {
    title: doc.getText('title').toJSON(),
    content: doc.getText('content').toJSON(),
    about: choice('about'),
    problem: choice('problem'),
    solution: choice('solution'),
    problemRef: choice('problemRef'),
    solutionRef: choice('solutionRef'),
    tags: liveTags.read(choice(LIVE_TAGS)),
  };
}

/**
 * Makes the document say `fields` in one transaction. Each text changes by the edits `diff`
 * finds between what it says and what it should (the smallest ones keep a collaborator's words
 * and cursor elsewhere in the same text); `texts` leaves out a text another binding edits (the
 * editor's body). Edits are applied in order, each at its position in the text as it then is.
 */
export function writeLiveFields(
  doc: LiveDoc,
  fields: LiveFields,
  diff: (before: string, after: string) => TextEdit[],
  texts: readonly LiveTextField[] = LIVE_TEXT_FIELDS,
): void {
  doc.transact(() => {
    for (const name of texts) {
      const text = doc.getText(name);
      const before = text.toJSON();
      if (before === fields[name]) continue;
      for (const edit of diff(before, fields[name])) {
        if (edit.remove > 0) text.delete(edit.at, edit.remove);
        if (edit.insert) text.insert(edit.at, edit.insert);
      }
    }
    const choices = doc.getMap(LIVE_CHOICES);
    for (const name of LIVE_CHOICE_FIELDS) {
      if ((choices.get(name) ?? '') !== fields[name]) choices.set(name, fields[name]);
    }
    const tags = liveTags.write(fields.tags);
    if ((choices.get(LIVE_TAGS) ?? '') !== tags) choices.set(LIVE_TAGS, tags);
  });
}
