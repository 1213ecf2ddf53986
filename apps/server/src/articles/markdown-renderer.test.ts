import { afterAll, describe, expect, it } from 'vitest';
import { createMarkdownRenderer, RenderError } from './markdown-renderer.js';

const renderer = createMarkdownRenderer({ timeoutMs: 1500 });
afterAll(() => renderer.close());

describe('the markdown renderer', () => {
  it('renders in a worker thread', async () => {
    expect(await renderer.render('# Hi\n\n`code`')).toBe('<h1>Hi</h1>\n<p><code>code</code></p>');
  });

  it('fails cleanly on a body nested deeper than the renderer can go', async () => {
    const error = await renderer.render('>'.repeat(300)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RenderError);
    // ...and keeps serving the next body.
    expect(await renderer.render('after')).toBe('<p>after</p>');
  });

  it('gives up on a body that takes too long, without blocking this thread', async () => {
    const started = Date.now();
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 50);
    const error = await renderer.render('*a'.repeat(50_000)).catch((e: unknown) => e);
    clearInterval(ticker);
    expect(error).toMatchObject({ reason: 'timeout' });
    expect(Date.now() - started).toBeLessThan(4000);
    expect(ticks).toBeGreaterThan(10);
    expect(await renderer.render('still here')).toBe('<p>still here</p>');
  });

  it('shows a body it cannot render as escaped text, and caches what it rendered', async () => {
    const fallback = await renderer.html(`${'>'.repeat(300)} <b>x</b>`);
    expect(fallback).toMatch(/^<pre>(&gt;)+ &lt;b&gt;x&lt;\/b&gt;<\/pre>$/);
    const first = renderer.render('**cached**');
    expect(renderer.render('**cached**')).toBe(first);
    expect(await renderer.html('**cached**')).toBe('<p><strong>cached</strong></p>');
  });
});
