import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const likesService = path.join(here, 'likes/likes.service.ts');

const RULES = new Set(['import-x/no-restricted-paths', 'no-restricted-syntax']);

let eslint: ESLint;
let today: string;
beforeAll(async () => {
  // The repository's own configuration, run for the two rules under test only, and without
  // type information (neither needs it; building the TypeScript program is the slow part).
  eslint = new ESLint({
    cwd: root,
    ruleFilter: ({ ruleId }) => RULES.has(ruleId),
    overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  });
  today = readFileSync(likesService, 'utf8');
  await eslint.lintText(today, { filePath: likesService });
}, 120_000);

/** Lints `code` as if it were the likes service, and returns the messages of `rule`. */
async function lintAsLikesService(code: string, rule: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: likesService });
  return (result?.messages ?? []).filter((m) => m.ruleId === rule).map((m) => m.message);
}

describe('the lint rules that keep features apart', () => {
  it('accepts the likes service as it is', async () => {
    expect(await lintAsLikesService(today, 'import-x/no-restricted-paths')).toEqual([]);
    expect(await lintAsLikesService(today, 'no-restricted-syntax')).toEqual([]);
  });

  it('refuses a reach into another feature’s internals, and names the way in', async () => {
    const reaching = today.replace(
      "from '../articles/articles.public.js'",
      "from '../articles/articles.presenter.js'",
    );
    expect(reaching).not.toBe(today);
    expect(await lintAsLikesService(reaching, 'import-x/no-restricted-paths')).toEqual([
      expect.stringMatching(/articles\.presenter\.js.*\.public\.ts only/) as string,
    ]);
  });

  it('refuses a transaction opened on the database handle instead of repo.transaction', async () => {
    const code = `${today}\nexport const sneaky = (db: { transaction(fn: () => void): void }) => db.transaction(() => undefined);\n`;
    expect(await lintAsLikesService(code, 'no-restricted-syntax')).toEqual([
      expect.stringMatching(/repo\.transaction\(fn\)/) as string,
    ]);
  });
});
