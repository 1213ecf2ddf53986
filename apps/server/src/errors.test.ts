import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MESSAGES, type Message, type MessageKey } from '@repolog/contract/messages';
import { schemaMessages } from '@repolog/contract/validation';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors.js';
import { rateLimitError } from './plugins/error-handler.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const contract = path.resolve(here, '../../../packages/contract/src');

// Every module of the contract, so every schema's checks have made their messages.
for (const file of readdirSync(contract).filter((name) => /^[a-z-]+\.ts$/.test(name))) {
  await import(path.join(contract, file));
}

/** The TypeScript files under `dir` that run (not tests, not test helpers, not the catalogue). */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return ['test', 'messages'].includes(entry.name) ? [] : sources(file);
    const skip = entry.name.endsWith('.test.ts') || entry.name === 'messages.ts';
    return entry.name.endsWith('.ts') && !skip ? [file] : [];
  });
}

const KEY_SHAPE = /['"]([a-z]+(?:\.[A-Za-z_]+)+)['"]/g;
const namespaces = new Set(Object.keys(MESSAGES).map((key) => key.split('.')[0]));
const isKey = (key: string): key is MessageKey => Object.hasOwn(MESSAGES, key);

/** Keys written in the code of the server and the contract, file by file. */
const written = [...sources(here), ...sources(contract)].flatMap((file) =>
  [...readFileSync(file, 'utf8').matchAll(KEY_SHAPE)]
    .map((match) => match[1] ?? '')
    .filter((key) => namespaces.has(key.split('.')[0]))
    .map((key) => ({ key, file: path.relative(here, file) })),
);

/** A message's key and those of the messages in its params. */
const keysOf = (message: Message): string[] => [
  message.key,
  ...Object.values(message.params).flatMap((value) =>
    typeof value === 'object' ? keysOf(value) : [],
  ),
];

/** Every key the server can answer with: written in its code, said by a schema, or made. */
const sendable = new Set([
  ...written.map(({ key }) => key),
  ...schemaMessages().flatMap(keysOf),
  // The rate limiter's wait, in each of its units.
  ...[0, 1_000, 5_000, 60_000, 150_000, 3_600_000, 7_200_000].map((ms) => rateLimitError(ms).key),
]);

describe("the server's messages", () => {
  it('are all in the catalogue, with their English text', () => {
    expect(written.length).toBeGreaterThan(100);
    expect(written.filter(({ key }) => !isKey(key))).toEqual([]);
    for (const key of sendable) {
      expect(isKey(key) && MESSAGES[key].trim() !== '', key).toBe(true);
    }
  });

  it('use every key of the catalogue (none is left over)', () => {
    expect(Object.keys(MESSAGES).filter((key) => !sendable.has(key))).toEqual([]);
  });

  it('give every schema check a key of its own kind, with the field named', () => {
    const checks = schemaMessages();
    expect(checks.length).toBeGreaterThan(40);
    for (const check of checks) expect(check.key, JSON.stringify(check)).toMatch(/^validation\./);
  });

  it('word the rate limit as the limiter does', () => {
    expect(rateLimitError(60_000).message).toBe('Rate limit exceeded, retry in 1 minute');
    expect(rateLimitError(150_000).message).toBe('Rate limit exceeded, retry in 3 minutes');
    expect(rateLimitError(1_000).message).toBe('Rate limit exceeded, retry in 1 second');
    expect(rateLimitError(44_200).message).toBe('Rate limit exceeded, retry in 45 seconds');
    expect(rateLimitError(0).message).toBe('Rate limit exceeded, retry in 0 ms');
  });
});

describe('AppError', () => {
  it('carries its key and params, and their English text as its message', () => {
    const error = new AppError('github_unavailable', 'github.userUnchecked', {
      reason: { key: 'github.reason.slow', params: {} },
      login: 'dana-kim',
    });
    expect(error).toMatchObject({ status: 502, key: 'github.userUnchecked' });
    expect(error.message).toBe(
      "GitHub is slow to answer right now, so the GitHub user 'dana-kim' could not be checked. Please try again in a minute.",
    );
  });

  it('takes only keys of the catalogue, each with the params its text names', () => {
    const make = [
      // @ts-expect-error -- an English sentence is not a key
      () => new AppError('not_found', 'This blog does not exist.'),
      // @ts-expect-error -- blogs.notFound names {blogId}
      () => new AppError('not_found', 'blogs.notFound'),
      // @ts-expect-error -- and no other param
      () => new AppError('not_found', 'blogs.notFound', { id: 1 }),
    ];
    expect(make).toHaveLength(3);
  });
});
