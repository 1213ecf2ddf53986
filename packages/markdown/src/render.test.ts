import { describe, expect, it } from 'vitest';
import { MAX_NESTING, MarkdownTooDeepError, renderMarkdown } from './render';
import { safeUrl } from './safe-url';

const html = renderMarkdown;

describe('safeUrl', () => {
  it.each([
    'https://example.com/a?b=c',
    'http://example.com',
    'mailto:dana@example.com',
    'irc://irc.libera.chat/repolog',
    'ircs://irc.libera.chat/repolog',
    'xmpp:dana@example.com',
    '/blog/39',
    '#section',
    'docs/guide.md',
    'search?q=a:b',
  ])('keeps %s', (url) => {
    expect(safeUrl(url)).toBe(url);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD4=',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'java\tscript:alert(1)',
  ])('blanks %s', (url) => {
    expect(safeUrl(url)).toBe('');
  });
});

describe('renderMarkdown', () => {
  it('renders GFM: headings, tables in a scrollable wrapper, task lists, strikethrough', () => {
    const out = html('# Title\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done\n\n~~old~~');
    expect(out).toContain('<h1>Title</h1>');
    expect(out).toMatch(/<div class="table-scroll" tabindex="0"><table>/);
    expect(out).toMatch(/<input type="checkbox" checked disabled>/);
    expect(out).toContain('<del>old</del>');
  });

  it('makes a header cell without text a data cell, so no column is announced as empty', () => {
    const out = html('|   | 2025 | 2026 |\n|---|---|---|\n| p99 | 40 | 9 |');
    expect(out).toContain('<thead>\n<tr>\n<td></td>\n<th>2025</th>\n<th>2026</th>');
    expect(out).not.toMatch(/<th>\s*<\/th>/);
  });

  it('keeps the six allowed protocols and removes every other link or image target', () => {
    const out = html(
      '[ok](https://example.com) [mail](mailto:a@b.c) [bad](javascript:alert(1)) ' +
        '[chat](ircs://irc.libera.chat/repolog) [jabber](xmpp:team@example.com) ' +
        '[data](data:text/html,x) ![img](javascript:alert(2)) ![pic](https://example.com/a.png)',
    );
    expect(out).toContain('<a href="https://example.com" rel="nofollow ugc">ok</a>');
    expect(out).toContain('<a href="mailto:a@b.c" rel="nofollow ugc">mail</a>');
    expect(out).toContain('<a href="ircs://irc.libera.chat/repolog" rel="nofollow ugc">chat</a>');
    expect(out).toContain('<a href="xmpp:team@example.com" rel="nofollow ugc">jabber</a>');
    expect(out).toContain('<a>bad</a>');
    expect(out).toContain('<a>data</a>');
    expect(out).toContain('<img alt="img" loading="lazy" decoding="async">');
    expect(out).toContain(
      '<img src="https://example.com/a.png" alt="pic" loading="lazy" decoding="async">',
    );
    expect(out).not.toMatch(/javascript:|data:text/i);
  });

  it('marks links written by users rel="nofollow ugc", but not the page’s own anchors', () => {
    const out = html('[site](https://spam.example) [top](#top) [here](/breakthrough/1)');
    expect(out).toContain('<a href="https://spam.example" rel="nofollow ugc">site</a>');
    expect(out).toContain('<a href="#top">top</a>');
    expect(out).toContain('<a href="/breakthrough/1">here</a>');
  });

  it('loads images lazily and keeps stored images (/media/…) as they are linked', () => {
    const hash = 'a'.repeat(64);
    expect(html(`![Build graph](/media/${hash}.webp)`)).toBe(
      `<p><img src="/media/${hash}.webp" alt="Build graph" loading="lazy" decoding="async"></p>`,
    );
  });

  it('drops raw HTML: scripts, event handlers, iframes, styles', () => {
    const out = html(
      'before\n\n<script>window.x = 1</script>\n\n<img src="x" onerror="alert(1)">\n\n' +
        '<iframe src="https://evil.example"></iframe>\n\n<a href="javascript:alert(1)">raw</a>\n\n' +
        '<p style="color:red" onclick="alert(1)">styled</p>\n\nafter',
    );
    expect(out).not.toMatch(/<script|onerror|<iframe|onclick|style=|javascript:/i);
    expect(out).toContain('<p>before</p>');
    expect(out).toContain('<p>after</p>');
  });

  it('escapes text so it can never become markup', () => {
    expect(html('a < b && "c" > d')).toBe('<p>a &#x3C; b &#x26;&#x26; "c" > d</p>');
  });

  it('highlights fenced code of a known language, leaves unknown ones plain, and lets keyboards reach it', () => {
    const out = html('```ts\nconst a: number = 1;\n```\n\n```brainfuck\n+++.\n```');
    expect(out).toMatch(
      /<pre tabindex="0"><code class="hljs language-ts"><span class="hljs-keyword">const<\/span>/,
    );
    expect(out).toContain('<pre tabindex="0"><code class="language-brainfuck">+++.\n</code></pre>');
  });

  it('prefixes the ids it creates (footnotes) so content cannot clobber the page', () => {
    const out = html('Text[^root]\n\n[^root]: a note');
    expect(out).toContain('href="#user-content-fn-root"');
    expect(out).toContain('id="user-content-fn-root"');
    expect(out).not.toMatch(/id="(fn-)?root"/);
  });
});

describe('nesting', () => {
  it('renders quotes nested up to the limit and refuses deeper ones', () => {
    expect(html('>'.repeat(40) + ' deep')).toContain('deep');
    expect(() => html('>'.repeat(MAX_NESTING + 5) + ' too deep')).toThrow(MarkdownTooDeepError);
  });
});
