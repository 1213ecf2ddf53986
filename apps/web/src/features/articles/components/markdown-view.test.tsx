import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { safeUrl } from '../lib/safe-url';
import { MarkdownView } from './markdown-view';

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

describe('MarkdownView', () => {
  it('renders markdown with GFM tables and task lists', () => {
    render(<MarkdownView content={'# Title\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done'} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Title' })).toBeInTheDocument();
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.getByRole('checkbox')).toBeChecked();
  });

  it('blanks link and image targets with protocols other than the allowed six', () => {
    const { container } = render(
      <MarkdownView
        content={
          '[ok](https://example.com) [mail](mailto:a@b.c) [bad](javascript:alert(1)) ' +
          '[chat](ircs://irc.libera.chat/repolog) [jabber](xmpp:team@example.com) ' +
          '[data](data:text/html,x) ![img](javascript:alert(2)) ![pic](https://example.com/a.png)'
        }
      />,
    );
    expect(screen.getByText('ok')).toHaveAttribute('href', 'https://example.com');
    expect(screen.getByText('mail')).toHaveAttribute('href', 'mailto:a@b.c');
    expect(screen.getByText('chat')).toHaveAttribute('href', 'ircs://irc.libera.chat/repolog');
    expect(screen.getByText('jabber')).toHaveAttribute('href', 'xmpp:team@example.com');
    expect(screen.getByText('bad').getAttribute('href') ?? '').toBe('');
    expect(screen.getByText('data').getAttribute('href') ?? '').toBe('');
    expect(screen.getByAltText('img').getAttribute('src') ?? '').toBe('');
    expect(screen.getByAltText('pic')).toHaveAttribute('src', 'https://example.com/a.png');
    expect(container.innerHTML).not.toContain('javascript:');
  });

  it('drops raw HTML such as <script> and onerror images', () => {
    const { container } = render(
      <MarkdownView
        content={
          'before\n\n<script>window.x = 1</script>\n\n<img src="x" onerror="alert(1)">\n\nafter'
        }
      />,
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('after')).toBeInTheDocument();
  });

  it('highlights fenced code of a known language (once its chunk is here) and leaves unknown ones plain', async () => {
    const { container } = render(
      <MarkdownView content={'```ts\nconst a: number = 1;\n```\n\n```brainfuck\n+++.\n```'} />,
    );
    // The text is there at once; the colours follow when the highlighter has loaded.
    expect(container.querySelector('pre code')).toHaveTextContent('const a: number = 1;');
    await waitFor(() => expect(container.querySelector('pre code')).toHaveClass('hljs'));
    const blocks = container.querySelectorAll('pre code');
    expect(blocks[0]?.querySelector('.hljs-keyword')).toHaveTextContent('const');
    expect(blocks[1]).not.toHaveClass('hljs');
    expect(blocks[1]).toHaveTextContent('+++.');
  });
});
