import { describe, expect, it } from 'vitest';
import { IMPORT_BODY_CHARS, importMarkdown, type ImportableItem } from './repo-import';

const issue: ImportableItem = {
  type: 'issue',
  number: 12,
  sha: null,
  title: 'Draft lost on refresh',
  state: 'closed',
  url: 'https://github.com/team/app/issues/12',
  author: 'sora-lee',
  labels: ['bug', 'editor'],
  body: 'Steps to reproduce.',
  comments: [
    { author: 'visitor', maintainer: false, body: '+1' },
    ...Array.from({ length: 5 }, (_, i) => ({
      author: `member-${i}`,
      maintainer: true,
      body: `# Finding ${i}\nline`,
    })),
  ],
  commits: [],
  files: [],
};

describe('importMarkdown', () => {
  it('says the number, title, state, labels and author, then the body and 5 comments, maintainers first', () => {
    const text = importMarkdown(issue);
    expect(text).toMatch(
      /^### Issue \[#12\]\(https:\/\/github\.com\/team\/app\/issues\/12\): Draft lost on refresh\n\n\*\*State:\*\* closed · \*\*Author:\*\* @sora-lee · \*\*Labels:\*\* bug, editor\n\nSteps to reproduce\./,
    );
    expect(text).toContain('> **@member-0:** # Finding 0\n> line');
    expect(text).toContain('member-4');
    expect(text).not.toContain('@visitor');
  });

  it('cuts a long body with a link to the whole of it on GitHub', () => {
    const text = importMarkdown({
      ...issue,
      body: 'x'.repeat(IMPORT_BODY_CHARS + 50),
      comments: [],
    });
    expect(text).toContain(`${'x'.repeat(IMPORT_BODY_CHARS)}…`);
    expect(text).toContain(
      '_Cut here; read the rest [on GitHub](https://github.com/team/app/issues/12)._',
    );
  });

  it('fences a diff with more backticks than it holds', () => {
    const text = importMarkdown(
      {
        ...issue,
        type: 'commit',
        number: null,
        sha: 'abcdef0123',
        files: [{ path: 'a.md', additions: 1, deletions: 0, patch: '+```js' }],
      },
      new Set(['a.md']),
    );
    expect(text).toMatch(/^### Commit \[abcdef0\]/);
    expect(text).toContain('````diff\n+```js\n````');
  });
});
