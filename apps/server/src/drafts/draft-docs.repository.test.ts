import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { openTestDatabase } from '../test/database.js';
import { draftDocsRepository } from './draft-docs.repository.js';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe("a draft's live document, started", () => {
  it('is undefined when the draft is no longer there (posted or deleted meanwhile), not a failure', async () => {
    const repo = draftDocsRepository(database.db);
    await expect(repo.start(2_000_000_000, Buffer.from([0, 0]))).resolves.toBeUndefined();
    expect(await repo.exists(2_000_000_000)).toBe(false);
  });
});
