import { readLiveFields, writeLiveFields, type TextEdit } from '@repolog/contract/live-fields';
import { diffChars } from 'diff';
import * as Y from 'yjs';
import type { DraftFields } from './drafts.repository.js';

/** The draft's fields as its live document holds them (a choice of '' is none). */
export function fieldsOfDoc(doc: Y.Doc): DraftFields {
  const fields = readLiveFields(doc);
  const choice = (value: string) => value || null;
  return {
    title: fields.title,
    content: fields.content,
    about: choice(fields.about),
    problem: choice(fields.problem),
    solution: choice(fields.solution),
    problemRef: choice(fields.problemRef),
    solutionRef: choice(fields.solutionRef),
    tags: fields.tags,
  };
}

/** jsdiff's character diff as edits: every stretch that differs, however many. */
function characterEdits(before: string, after: string): TextEdit[] {
  const edits: TextEdit[] = [];
  let at = 0;
  for (const part of diffChars(before, after)) {
    if (part.added) {
      edits.push({ at, remove: 0, insert: part.value });
      at += part.value.length;
    } else if (part.removed) {
      edits.push({ at, remove: part.value.length, insert: '' });
    } else {
      at += part.value.length;
    }
  }
  return edits;
}

/**
 * Makes the document say `fields` with the smallest edits (jsdiff's character diff), so a form
 * save applied to a live draft deletes and inserts only what changed: an editor typing elsewhere
 * in the same text keeps their words.
 */
export function writeFieldsToDoc(doc: Y.Doc, fields: DraftFields): void {
  writeLiveFields(
    doc,
    {
      title: fields.title,
      content: fields.content,
      about: fields.about ?? '',
      problem: fields.problem ?? '',
      solution: fields.solution ?? '',
      problemRef: fields.problemRef ?? '',
      solutionRef: fields.solutionRef ?? '',
      tags: fields.tags,
    },
    characterEdits,
  );
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
