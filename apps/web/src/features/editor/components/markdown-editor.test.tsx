import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodyBox, bodyText, selectInBody, typeInBody } from '../../../test/body-editor';
import { MarkdownEditor } from './markdown-editor';

function Harness({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return <MarkdownEditor label="Body" value={value} onChange={setValue} />;
}

describe('body editor', () => {
  afterEach(() => vi.useRealTimers());

  it('flashes a loading state for 300 ms when switching to preview, then renders the markdown', async () => {
    vi.useFakeTimers();
    render(<Harness initial={'# Fixed the flaky build\n\nIt was the cache.'} />);
    const editor = bodyBox();
    expect(screen.getByRole('button', { name: 'Edit' })).toHaveAttribute('aria-pressed', 'true');

    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(screen.getByRole('button', { name: 'Preview' })).toHaveAttribute('aria-pressed', 'true');
    expect(editor).not.toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Loading preview…');

    void act(() => vi.advanceTimersByTime(299));
    expect(screen.getByRole('status')).toHaveTextContent('Loading preview…');
    expect(screen.queryByRole('heading', { name: 'Fixed the flaky build' })).toBeNull();

    void act(() => vi.advanceTimersByTime(1));
    vi.useRealTimers();
    // The same renderer readers get: markdown becomes a heading and a paragraph.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Fixed the flaky build' }),
    ).toBeVisible();
    expect(
      within(screen.getByRole('region', { name: 'Body preview' })).getByText('It was the cache.'),
    ).toBeVisible();
    expect(screen.queryByText('Loading preview…')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('textbox', { name: 'Body' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Fixed the flaky build' })).toBeNull();
  });

  it('flashes again on every switch to preview, and switching back cancels a pending flash', () => {
    vi.useFakeTimers();
    render(<Harness initial="text" />);
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    void act(() => vi.advanceTimersByTime(100));
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    void act(() => vi.advanceTimersByTime(250));
    // A fresh 300 ms started with the second switch.
    expect(screen.getByRole('status')).toHaveTextContent('Loading preview…');
  });

  it('refuses text past the body limit and says so beside the editor', () => {
    render(
      <MarkdownEditor
        label="Body"
        value="Twelve chars"
        onChange={() => undefined}
        maxLength={20}
      />,
    );
    selectInBody(12);
    act(() => typeInBody(' and more than twenty'));
    expect(bodyText()).toBe('Twelve chars');
    expect(screen.getByRole('status')).toHaveTextContent(
      'The body can be at most 20 characters; what you pasted or typed last was not added.',
    );
    act(() => typeInBody('!'));
    expect(bodyText()).toBe('Twelve chars!');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('wraps the selection in bold from the toolbar, and the shortcut does the same', () => {
    render(<Harness initial="make this bold" />);
    selectInBody(10, 14);
    fireEvent.click(screen.getByRole('button', { name: 'Bold' }));
    expect(bodyText()).toBe('make this **bold**');
    // The formatted word stays selected: Ctrl+I makes it italic too.
    fireEvent.keyDown(bodyBox(), { key: 'i', code: 'KeyI', ctrlKey: true });
    expect(bodyText()).toBe('make this **_bold_**');
  });
});
