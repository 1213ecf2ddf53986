import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bodyBox, bodyText, replaceBody, selectInBody } from '../../../test/body-editor';
import { MarkdownEditor } from './markdown-editor';

const HASH = 'c'.repeat(64);

/** Stands in for the browser's XMLHttpRequest: the test decides how each upload goes. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  withCredentials = false;
  timeout = 0;
  method = '';
  url = '';
  body: FormData | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  abort() {
    this.onabort?.();
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

function Harness({
  initial,
  onUploadingChange,
}: {
  initial: string;
  onUploadingChange?: (uploading: boolean) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <MarkdownEditor
      label="Body"
      value={value}
      onChange={setValue}
      onUploadingChange={onUploadingChange}
    />
  );
}

const screenshot = () =>
  new File([new Uint8Array([137, 80, 78, 71])], 'image.png', { type: 'image/png' });

const pasteFiles = (target: HTMLElement, files: File[]) =>
  fireEvent.paste(target, { clipboardData: { files, types: ['Files'], getData: () => '' } });

describe('images in the body editor', () => {
  beforeEach(() => {
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('uploads a pasted screenshot with visible progress and puts its markdown at the caret', async () => {
    render(<Harness initial="Before after" />);
    selectInBody(7);
    pasteFiles(bodyBox(), [screenshot()]);

    expect(bodyText()).toBe('Before ![Uploading image #1…]()after');
    const xhr = FakeXhr.sent[0]!;
    expect([xhr.method, xhr.url, xhr.withCredentials]).toEqual(['POST', '/api/media', true]);
    expect((xhr.body?.get('file') as File).name).toBe('image.png');
    expect(screen.getByRole('status')).toHaveTextContent('Uploading image.png…');

    act(() => xhr.progress(42, 100));
    expect(screen.getByRole('progressbar', { name: 'Uploading image.png' })).toHaveAttribute(
      'value',
      '42',
    );
    // The writer keeps typing while it uploads.
    replaceBody(`Now: ${bodyText()}`);

    await act(async () =>
      xhr.answer(200, { hash: HASH, url: `/media/${HASH}.webp`, width: 10, height: 10 }),
    );
    expect(bodyText()).toBe(`Now: Before ![image](/media/${HASH}.webp)after`);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('tells the form while an image is uploading, so a placeholder is never saved', async () => {
    const uploading = vi.fn();
    render(<Harness initial="" onUploadingChange={uploading} />);
    pasteFiles(bodyBox(), [screenshot()]);
    expect(uploading).toHaveBeenLastCalledWith(true);
    await act(async () => FakeXhr.sent[0]!.answer(200, { hash: HASH, url: `/media/${HASH}.webp` }));
    expect(uploading).toHaveBeenLastCalledWith(false);
  });

  it("shows the server's refusal next to the editor and takes the placeholder out", async () => {
    render(<Harness initial="" />);
    pasteFiles(bodyBox(), [screenshot()]);
    await act(async () =>
      FakeXhr.sent[0]!.answer(415, {
        error: 'unsupported_media_type',
        message:
          'This file is a .exe file (application/x-msdownload). Upload a PNG, JPEG, GIF, WebP or AVIF image.',
      }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'image.png was not uploaded: This file is a .exe file (application/x-msdownload).',
    );
    expect(bodyText()).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses a file over 10 MB before sending it, and leaves pasted text to the browser', () => {
    render(<Harness initial="" />);
    const body = bodyBox();
    const huge = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'raw.png', { type: 'image/png' });
    pasteFiles(body, [huge]);
    expect(screen.getByRole('alert')).toHaveTextContent('raw.png is larger than 10 MB');
    expect(FakeXhr.sent).toHaveLength(0);

    // A spreadsheet range comes as text and as a picture of it: the text is what was meant.
    fireEvent.paste(body, {
      clipboardData: {
        files: [screenshot()],
        types: ['text/plain', 'Files'],
        getData: (type: string) => (type === 'text/plain' ? 'A1\tB1' : ''),
      },
    });
    expect(bodyText()).toBe('A1\tB1');
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('uploads a dropped image and one picked with the keyboard-reachable image button', async () => {
    const user = userEvent.setup();
    render(<Harness initial="" />);
    fireEvent.drop(bodyBox(), { dataTransfer: { files: [screenshot()], types: ['Files'] } });
    expect(FakeXhr.sent).toHaveLength(1);

    const button = screen.getByRole('button', { name: 'Insert image' });
    // Reached with Tab from the other formatting tools.
    screen.getByRole('button', { name: 'Bulleted list' }).focus();
    await user.tab();
    expect(button).toHaveFocus();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    const picked = vi.spyOn(input, 'click');
    await user.keyboard('{Enter}');
    expect(picked).toHaveBeenCalled();
    await user.upload(input, new File(['gif'], 'loop.gif', { type: 'image/gif' }));
    expect(FakeXhr.sent).toHaveLength(2);
    expect(bodyText()).toBe('![Uploading image #1…]()![Uploading loop #2…]()');
  });
});
