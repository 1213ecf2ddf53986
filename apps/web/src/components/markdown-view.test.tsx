import { render, screen } from '@testing-library/react';
import { renderMarkdown } from '@repolog/markdown/render';
import { describe, expect, it } from 'vitest';
import { MarkdownView } from './markdown-view';

describe('MarkdownView', () => {
  it('shows the rendered body as real elements: headings, tables, task lists, code', () => {
    render(
      <MarkdownView
        html={renderMarkdown(
          '# Title\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done\n\n```ts\nconst a = 1;\n```',
        )}
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Title' })).toBeInTheDocument();
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.getByRole('checkbox')).toBeChecked();
    expect(screen.getByText('const')).toHaveClass('hljs-keyword');
  });

  it('leaves hostile links without a target and runs nothing', () => {
    const { container } = render(
      <MarkdownView
        html={renderMarkdown(
          '[bad](javascript:alert(1)) [ok](https://example.com)\n\n<script>window.injected = 1</script>\n\n<img src=x onerror="window.injected = 2">',
        )}
      />,
    );
    expect(screen.getByText('bad')).not.toHaveAttribute('href');
    expect(screen.getByText('ok')).toHaveAttribute('href', 'https://example.com');
    expect(container.querySelector('script, img, [onerror]')).toBeNull();
    expect((window as unknown as { injected?: number }).injected).toBeUndefined();
  });
});
