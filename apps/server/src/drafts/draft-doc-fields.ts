import {
  LIVE_CHOICE_FIELDS,
  LIVE_CHOICES,
  LIVE_TAGS,
  LIVE_TEXT_FIELDS,
  liveTags,
} from '@repolog/contract/live';
import { diffChars } from 'diff';
import * as Y from 'yjs';
import type { DraftFields } from './drafts.repository.js';

/** The draft's fields as its live document holds them (a choice of '' is none). */
export function fieldsOfDoc(doc: Y.Doc): DraftFields {
  const choices = doc.getMap<string>(LIVE_CHOICES);
  const choice = (name: (typeof LIVE_CHOICE_FIELDS)[number]) => choices.get(name) || null;
  return {
    title: doc.getText('title').toJSON(),
    content: doc.getText('content').toJSON(),
    about: choice('about'),
    problem: choice('problem'),
    solution: choice('solution'),
    problemRef: choice('problemRef'),
    solutionRef: choice('solutionRef'),
    tags: liveTags.read(choices.get(LIVE_TAGS)),
  };
}

/**
 * Makes the document say `fields` with the smallest edits (jsdiff's character diff), so a form
 * save applied to a live draft deletes and inserts only what changed: an editor typing elsewhere
 * in the same text keeps their words.
 */
export function writeFieldsToDoc(doc: Y.Doc, fields: DraftFields): void {
  doc.transact(() => {
    for (const name of LIVE_TEXT_FIELDS) {
      const text = doc.getText(name);
      const before = text.toJSON();
      const after = fields[name];
      if (before === after) continue;
      let at = 0;
      for (const part of diffChars(before, after)) {
        if (part.added) {
          text.insert(at, part.value);
          at += part.value.length;
        } else if (part.removed) {
          text.delete(at, part.value.length);
        } else {
          at += part.value.length;
        }
      }
    }
    const choices = doc.getMap<string>(LIVE_CHOICES);
    for (const name of LIVE_CHOICE_FIELDS) {
      const value = fields[name] ?? '';
      if ((choices.get(name) ?? '') !== value) choices.set(name, value);
    }
    const tags = liveTags.write(fields.tags);
    if ((choices.get(LIVE_TAGS) ?? '') !== tags) choices.set(LIVE_TAGS, tags);
  });
}

/** A document's whole state from its stored parts (a snapshot, then updates in any order). */
export function docOf(parts: readonly Uint8Array[]): Y.Doc {
  const doc = new Y.Doc({ gc: true });
  for (const part of parts) Y.applyUpdate(doc, part);
  return doc;
}

/** The first state of a draft's document: its fields as the drafts table holds them. */
export function firstState(fields: DraftFields): Buffer {
  const doc = new Y.Doc();
  writeFieldsToDoc(doc, fields);
  const state = Buffer.from(Y.encodeStateAsUpdate(doc));
  doc.destroy();
  return state;
}

/** Several stored parts folded into one update (Yjs merges them; nothing is merged by hand). */
export const mergeParts = (parts: Buffer[]): Buffer => Buffer.from(Y.mergeUpdates(parts));

/** A stored document's parts in order: its snapshot (if any), then the updates after it. */
export const storedParts = (stored: {
  snapshot?: Uint8Array | null | undefined;
  updates: readonly { update: Uint8Array }[];
}): Uint8Array[] => [
  ...(stored.snapshot ? [stored.snapshot] : []),
  ...stored.updates.map((u) => u.update),
];
