import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StubFaults } from './faults';
import { patchFaults } from './faults';
import { HttpError, isJsonRequest, readJson, sendJson } from './http';
import { parseFiles } from './seed';
import type { StubState } from './state';
import type { NewCommit, NewIssue } from './state-writes';
import type { StubApp } from './app-state';
import type { AppChange } from './app-events';
import { appControl } from './app-control';

/** What a change returns: its API representation, and its webhook delivery. */
export interface Delivered {
  body: unknown;
  delivered: Promise<void>;
}

export const CONTROL_PREFIX = '/_stub';

/** What the control API drives; the stub supplies it. */
export interface ControlTarget {
  faults: StubFaults;
  /** Opens an issue and returns its API representation. */
  openIssue(fullName: string, input: NewIssue): Delivered;
  /** Pushes a commit and returns its API representation. */
  pushCommit(fullName: string, input: NewCommit): Delivered;
  /** Comments on an issue or pull request and returns the comment. */
  addComment(fullName: string, number: number, input: { user: string; body: string }): Delivered;
  /** Merges a pull request and returns it. */
  mergePull(fullName: string, number: number, input: { user: string }): Delivered;
  /** The GitHub App the stand-in plays, if any. */
  app(): StubApp | undefined;
  /** Delivers an installation change to the App's webhook. */
  changeInstallation(change: AppChange): Promise<void>;
  reset(): void;
  /** The live data. */
  state(): StubState;
  /** API requests received and not yet answered. */
  pending(): number;
}

export function field(
  body: Record<string, unknown>,
  key: string,
  type: 'string' | 'boolean',
  required: boolean,
) {
  const value = body[key];
  if (value === undefined && !required) return undefined;
  if (typeof value !== type) {
    throw new HttpError(422, `${key} must be a ${type}${required ? '' : ' when given'}`);
  }
  return value;
}

export async function jsonObject(req: IncomingMessage): Promise<Record<string, unknown>> {
  const body = await readJson(req);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(422, 'Body must be a JSON object');
  }
  return body as Record<string, unknown>;
}

export function decodeSegment(segment: string | undefined): string {
  try {
    return decodeURIComponent(segment ?? '');
  } catch {
    throw new HttpError(400, 'Malformed repository name');
  }
}

const REPO_ACTION = /^\/repos\/([^/]+)\/([^/]+)\/(issues|commits)$/;
const ITEM_ACTION = /^\/repos\/([^/]+)\/([^/]+)\/(issues\/(\d+)\/comments|pulls\/(\d+)\/merge)$/;

/** A field that may be absent, else an array of `{path, additions, deletions, patch}`. */
function filesField(body: Record<string, unknown>): NewIssue['files'] {
  if (body.files === undefined) return undefined;
  try {
    return parseFiles(body.files, 'files');
  } catch (error) {
    throw new HttpError(422, (error as Error).message);
  }
}

/** Answers once the change's webhook deliveries were answered (so a test can go on at once). */
async function answer(res: ServerResponse, status: number, done: Delivered): Promise<void> {
  await done.delivered;
  sendJson(res, status, done.body);
}

async function itemAction(
  target: ControlTarget,
  req: IncomingMessage,
  res: ServerResponse,
  match: RegExpExecArray,
): Promise<void> {
  const fullName = `${decodeSegment(match[1])}/${decodeSegment(match[2])}`;
  const body = await jsonObject(req);
  const user = field(body, 'user', 'string', true) as string;
  if (match[4] !== undefined) {
    const text = field(body, 'body', 'string', true) as string;
    await answer(res, 201, target.addComment(fullName, Number(match[4]), { user, body: text }));
  } else {
    await answer(res, 200, target.mergePull(fullName, Number(match[5]), { user }));
  }
}

/**
 * Test and demo control API under /_stub: flip faults, add activity, reset. It has no
 * authentication, so only mount it where that is acceptable (a stub, never production).
 * Mutations require a JSON content type, which keeps plain cross-site forms out.
 */
export async function handleControl(
  target: ControlTarget,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
): Promise<void> {
  const method = req.method ?? 'GET';
  if (method !== 'GET' && !isJsonRequest(req)) {
    throw new HttpError(415, 'Send a JSON body (content-type: application/json)');
  }
  if (path === '/faults' && method === 'GET') {
    sendJson(res, 200, target.faults);
  } else if (path === '/faults' && method === 'PUT') {
    patchFaults(target.faults, await readJson(req));
    sendJson(res, 200, target.faults);
  } else if (path === '/pending' && method === 'GET') {
    sendJson(res, 200, { pending: target.pending() });
  } else if (path === '/reset' && method === 'POST') {
    target.reset();
    sendJson(res, 200, { reset: true, faults: target.faults });
  } else if (path.startsWith('/app/')) {
    await appControl(target, req, res, path.slice('/app'.length), method);
  } else if (ITEM_ACTION.test(path) && method === 'POST') {
    await itemAction(target, req, res, ITEM_ACTION.exec(path) as RegExpExecArray);
  } else {
    const match = REPO_ACTION.exec(path);
    if (!match || method !== 'POST') throw new HttpError(404, 'Not Found');
    const fullName = `${decodeSegment(match[1])}/${decodeSegment(match[2])}`;
    const body = await jsonObject(req);
    if (match[3] === 'issues') {
      const input: NewIssue = {
        title: field(body, 'title', 'string', true) as string,
        user: field(body, 'user', 'string', true) as string,
      };
      const text = field(body, 'body', 'string', false) as string | undefined;
      const pullRequest = field(body, 'pullRequest', 'boolean', false) as boolean | undefined;
      if (text !== undefined) input.body = text;
      if (pullRequest !== undefined) input.pullRequest = pullRequest;
      const files = filesField(body);
      if (files !== undefined) input.files = files;
      await answer(res, 201, target.openIssue(fullName, input));
    } else {
      const input: NewCommit = {
        message: field(body, 'message', 'string', true) as string,
        author: field(body, 'author', 'string', true) as string,
      };
      await answer(res, 201, target.pushCommit(fullName, input));
    }
  }
}
