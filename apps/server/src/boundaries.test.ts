import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const web = path.join(root, 'apps/web/src');
const likesService = path.join(here, 'likes/likes.service.ts');

const RULES = new Set([
  'import-x/no-restricted-paths',
  'no-restricted-syntax',
  'no-restricted-imports',
]);

/** Folders of `dir`, but the ones named in `besides`. */
const folders = (dir: string, besides: string[] = []) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !besides.includes(entry.name))
    .map((entry) => entry.name);

/** Every server folder is a feature but the composition root's parts. */
const SERVER_FEATURES = folders(here, ['db', 'plugins', 'test']);
const WEB_FEATURES = folders(path.join(web, 'features'));

let eslint: ESLint;
let today: string;
beforeAll(async () => {
  // The repository's own configuration, run for the rules under test only, and without type
  // information (none needs it; building the TypeScript program is the slow part).
  eslint = new ESLint({
    cwd: root,
    ruleFilter: ({ ruleId }) => RULES.has(ruleId),
    overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  });
  today = readFileSync(likesService, 'utf8');
  await eslint.lintText(today, { filePath: likesService });
}, 120_000);

/** The messages of `rule` for `code` linted as if it were the file at `filePath`. */
async function lint(filePath: string, code: string, rule: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === rule).map((m) => m.message);
}

const ZONES = 'import-x/no-restricted-paths';
const lintAsLikesService = (code: string, rule: string) => lint(likesService, code, rule);
/** A module that imports `from` and uses it (so nothing else complains). */
const importing = (from: string, name = 'thing') =>
  `import { ${name} } from '${from}';\nexport const used = ${name};\n`;

describe('the lint rules that keep server features apart', () => {
  it('accepts the likes service as it is', async () => {
    expect(await lintAsLikesService(today, ZONES)).toEqual([]);
    expect(await lintAsLikesService(today, 'no-restricted-syntax')).toEqual([]);
  });

  it('refuses a reach into another feature’s internals, and names the way in', async () => {
    const reaching = today.replace(
      "from '../articles/articles.public.js'",
      "from '../articles/articles.service.js'",
    );
    expect(reaching).not.toBe(today);
    expect(await lintAsLikesService(reaching, ZONES)).toEqual([
      expect.stringMatching(/articles\.service\.js.*\.public\.ts only/) as string,
    ]);
  });

  it.each(SERVER_FEATURES)('fences %s: another feature’s internals are refused', async (name) => {
    const other = name === 'articles' ? 'blogs' : 'articles';
    const file = path.join(here, name, 'probe.ts');
    expect(await lint(file, importing(`../${other}/${other}.service.js`), ZONES)).toEqual([
      expect.stringMatching(new RegExp(`${name} may not reach into`)) as string,
    ]);
    // Its public module is the way in.
    expect(await lint(file, importing(`../${other}/${other}.public.js`), ZONES)).toEqual([]);
  });

  it('refuses a transaction opened on the database handle instead of repo.transaction', async () => {
    const code = `${today}\nexport const sneaky = (db: { transaction(fn: () => void): void }) => db.transaction(() => undefined);\n`;
    expect(await lintAsLikesService(code, 'no-restricted-syntax')).toEqual([
      expect.stringMatching(/repo\.transaction\(fn\)/) as string,
    ]);
  });
});

describe('the lint zones of the web app (app -> features -> shared)', () => {
  it('accepts a feature’s code as it is', async () => {
    const file = path.join(web, 'features/articles/hooks/use-like.ts');
    expect(await lint(file, readFileSync(file, 'utf8'), ZONES)).toEqual([]);
  });

  it.each(WEB_FEATURES)('fences %s: importing another feature is refused', async (name) => {
    const other = name === 'articles' ? 'blogs/api/favorite' : 'articles/api/like';
    const file = path.join(web, 'features', name, 'components/probe.tsx');
    expect(await lint(file, importing(`../../${other}`), ZONES)).toEqual([
      expect.stringMatching(/does not import another/) as string,
    ]);
    // What features share comes from lib/ (and components/).
    expect(await lint(file, importing('../../../lib/use-session', 'useSession'), ZONES)).toEqual(
      [],
    );
  });

  it('refuses shared code that imports a feature or the app', async () => {
    const lib = path.join(web, 'lib/probe.ts');
    expect(await lint(lib, importing('../features/articles/api/like'), ZONES)).toEqual([
      expect.stringMatching(/imports neither features nor the app/) as string,
    ]);
    const component = path.join(web, 'components/probe.tsx');
    expect(await lint(component, importing('../app/routes/article'), ZONES)).toEqual([
      expect.stringMatching(/imports neither features nor the app/) as string,
    ]);
  });

  it('refuses a feature that imports the app, and lets the app compose features', async () => {
    const feature = path.join(web, 'features/users/components/probe.tsx');
    expect(await lint(feature, importing('../../../app/routes/user'), ZONES)).toEqual([
      expect.stringMatching(/Features do not import the app/) as string,
    ]);
    const route = path.join(web, 'app/routes/probe.tsx');
    expect(await lint(route, importing('../../features/articles/api/like'), ZONES)).toEqual([]);
  });

  it('keeps writes in api/ folders', async () => {
    const code = importing('@tanstack/react-query', 'useMutation');
    const component = path.join(web, 'features/comments/components/probe.tsx');
    expect(await lint(component, code, 'no-restricted-imports')).toEqual([
      expect.stringMatching(/api\/ folder/) as string,
    ]);
    const api = path.join(web, 'features/comments/api/probe.ts');
    expect(await lint(api, code, 'no-restricted-imports')).toEqual([]);
  });
});
