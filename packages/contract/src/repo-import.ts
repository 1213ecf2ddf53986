/**
 * An issue, pull request or commit as an editable markdown section of a body: the import into
 * text. Plain values (no zod): the write page builds it in the browser, the server builds the
 * draft a merged pull request leaves with the same code.
 */

export const REPO_ITEM_TYPES = ['issue', 'pull', 'commit'] as const;
export type RepoItemType = (typeof REPO_ITEM_TYPES)[number];

/** What an import needs of an item (the API's detail shape, structurally). */
export interface ImportableItem {
  type: RepoItemType;
  number: number | null;
  sha: string | null;
  title: string;
  state: string;
  url: string;
  author: string | null;
  labels: string[];
  body: string | null;
  comments: { author: string | null; maintainer: boolean; body: string }[];
  commits: { sha: string; title: string }[];
  files: { path: string; additions: number; deletions: number; patch: string | null }[];
}

/** The words of the section, in the writer's language. */
export interface ImportWords {
  issue: string;
  pull: string;
  commit: string;
  state: string;
  labels: string;
  author: string;
  comments: string;
  commits: string;
  files: string;
  /** Said where a text was cut, before the link to the whole of it. */
  cut: string;
  onGitHub: string;
}

export const ENGLISH_IMPORT_WORDS: ImportWords = {
  issue: 'Issue',
  pull: 'Pull request',
  commit: 'Commit',
  state: 'State',
  labels: 'Labels',
  author: 'Author',
  comments: 'Comments',
  commits: 'Commits',
  files: 'Files changed',
  cut: 'Cut here; read the rest',
  onGitHub: 'on GitHub',
};

/** Up to this many comments; maintainers' first. */
export const IMPORT_COMMENTS = 5;
export const IMPORT_BODY_CHARS = 3000;
export const IMPORT_COMMENT_CHARS = 800;
export const IMPORT_DIFF_LINES = 40;

function cut(text: string, max: number, url: string, words: ImportWords): string {
  const trimmed = text.trim();
  if (trimmed.length <= max) return trimmed;
  return `${trimmed.slice(0, max).trimEnd()}…\n\n_${words.cut} [${words.onGitHub}](${url})._`;
}

/** A quote of every line (so a comment's headings and lists stay inside it). */
const quote = (text: string): string =>
  text
    .split('\n')
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\n');

function diffExcerpt(patch: string, url: string, words: ImportWords): string {
  const lines = patch.split('\n');
  // A fence longer than any run of backticks in the patch keeps it closed.
  const longest = Math.max(2, ...(patch.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const shown = lines.slice(0, IMPORT_DIFF_LINES).join('\n');
  const more =
    lines.length > IMPORT_DIFF_LINES ? `\n\n_${words.cut} [${words.onGitHub}](${url})._` : '';
  return `${fence}diff\n${shown}\n${fence}${more}`;
}

/** The item's heading: kind, number or short SHA, title, linked to GitHub. */
export function importHeading(item: ImportableItem, words = ENGLISH_IMPORT_WORDS): string {
  const id = item.number !== null ? `#${item.number}` : (item.sha ?? '').slice(0, 7);
  return `### ${words[item.type]} [${id}](${item.url}): ${item.title}`;
}

/**
 * The markdown section for an item; `diffFiles` are the paths whose diff excerpts go in
 * (as fenced `diff` blocks). Long texts are cut with a link to the whole on GitHub.
 */
export function importMarkdown(
  item: ImportableItem,
  diffFiles: ReadonlySet<string> = new Set(),
  words: ImportWords = ENGLISH_IMPORT_WORDS,
): string {
  const parts: string[] = [importHeading(item, words)];
  const facts = [`**${words.state}:** ${item.state}`];
  if (item.author) facts.push(`**${words.author}:** @${item.author}`);
  if (item.labels.length > 0) facts.push(`**${words.labels}:** ${item.labels.join(', ')}`);
  parts.push(facts.join(' · '));
  if (item.body?.trim()) parts.push(cut(item.body, IMPORT_BODY_CHARS, item.url, words));
  const comments = [...item.comments]
    .sort((a, b) => Number(b.maintainer) - Number(a.maintainer))
    .slice(0, IMPORT_COMMENTS);
  if (comments.length > 0) {
    parts.push(`**${words.comments}**`);
    for (const c of comments) {
      const text = cut(c.body, IMPORT_COMMENT_CHARS, item.url, words);
      parts.push(quote(`**@${c.author ?? '?'}:** ${text}`));
    }
  }
  if (item.commits.length > 0) {
    parts.push(
      `**${words.commits}**\n\n${item.commits.map((c) => `- ${c.title} (${c.sha.slice(0, 7)})`).join('\n')}`,
    );
  }
  if (item.files.length > 0) {
    const rows = item.files.map((f) => `- \`${f.path}\` +${f.additions} −${f.deletions}`);
    parts.push(`**${words.files}**\n\n${rows.join('\n')}`);
    for (const f of item.files) {
      if (diffFiles.has(f.path) && f.patch) {
        parts.push(`\`${f.path}\`\n\n${diffExcerpt(f.patch, item.url, words)}`);
      }
    }
  }
  return `${parts.join('\n\n')}\n`;
}

/** A breakthrough's reference to an item of its repository. */
export interface RepoRef {
  type: RepoItemType;
  number: number | null;
  sha: string | null;
  url: string;
}

const REF_PATTERN = /^(?:(issue|pull):([1-9]\d{0,9})|commit:([0-9a-f]{4,40}))$/;

/** `issue:12`, `pull:45`, `commit:<sha>` as a reference on GitHub (`repoUrl`: its html_url). */
export function refOf(ref: string | null, repoUrl: string): RepoRef | null {
  const match = ref === null ? null : REF_PATTERN.exec(ref);
  if (!match) return null;
  const [, kind, number, sha] = match;
  if (sha !== undefined)
    return { type: 'commit', number: null, sha, url: `${repoUrl}/commit/${sha}` };
  const type = kind === 'pull' ? 'pull' : 'issue';
  const path = type === 'pull' ? 'pull' : 'issues';
  return { type, number: Number(number), sha: null, url: `${repoUrl}/${path}/${number}` };
}

/** The stored form of a reference: `issue:12`, `pull:45`, `commit:<sha>`. */
export const refKey = (ref: Pick<RepoRef, 'type' | 'number' | 'sha'>): string =>
  ref.type === 'commit' ? `commit:${ref.sha ?? ''}` : `${ref.type}:${ref.number ?? ''}`;

/** Whether a stored reference is well formed. */
export const isRefKey = (ref: string): boolean => REF_PATTERN.test(ref);
