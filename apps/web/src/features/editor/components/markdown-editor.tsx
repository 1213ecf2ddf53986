import { ACCEPTED_IMAGE_TYPES } from '@repolog/contract/constants';
import type { EditorView } from '@codemirror/view';
import { useEffect, useId, useRef, useState, type ChangeEvent, type MutableRefObject } from 'react';
import { i18n, locale, params, useMessages } from '../../../i18n';
import { useImageUpload } from '../hooks/use-image-upload';
import { useSectionInserter } from '../hooks/use-section-inserter';
import { PREVIEW_FLASH_MS } from '../lib/article-form-rules';
import { applyFormat, type MarkdownFormat } from '../lib/markdown-format';
import { minimalChange } from '../lib/minimal-change';
import { CodeEditor, type Collaboration } from './code-editor';
import { MarkdownPreview, PreviewLoading } from './markdown-preview';
import { UploadStatus } from './upload-status';
import { CutNotice } from '../../../components/ui/cut-notice';
import styles from './markdown-editor.module.css';

const messages = i18n('markdownEditor', {
  mode: 'Body editor mode',
  edit: 'Edit',
  preview: 'Preview',
  toolbar: 'Formatting',
  heading: 'Heading',
  bold: 'Bold',
  italic: 'Italic',
  code: 'Inline code',
  codeBlock: 'Code block',
  link: 'Link',
  /** The link button's visible text (the other buttons show symbols). */
  linkText: 'Link',
  list: 'Bulleted list',
  withShortcut: params('{label} (Ctrl+{key})'),
  insertImage: 'Insert image',
  insertImageHint: 'Insert image (or paste or drop one into the text)',
  imageText: 'Image',
  placeholder:
    'Write your breakthrough in markdown: what was the problem, and how did you solve it?',
  previewRegion: params('{label} preview'),
  tooLong: params(
    'The body can be at most {max} characters; what you pasted or typed last was not added.',
  ),
});

type Texts = ReturnType<(typeof messages)['get']>;

/** The toolbar's buttons: `label` names the button, `text` is what it shows. */
const toolsOf = (
  t: Texts,
): { format: MarkdownFormat; label: string; text: string; shortcut?: string }[] => [
  { format: 'heading', label: t.heading, text: 'H' },
  { format: 'bold', label: t.bold, text: 'B', shortcut: 'b' },
  { format: 'italic', label: t.italic, text: 'I', shortcut: 'i' },
  { format: 'code', label: t.code, text: '</>' },
  { format: 'codeBlock', label: t.codeBlock, text: '{ }' },
  { format: 'link', label: t.link, text: t.linkText, shortcut: 'k' },
  { format: 'list', label: t.list, text: '•' },
];

interface MarkdownEditorProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength?: number;
  /** Told when images start or stop uploading (the form waits for them before saving). */
  onUploadingChange?: (uploading: boolean) => void;
  /** Live: the body is a draft's shared text, edited with the other members. */
  collaboration?: Collaboration | undefined;
  /** Set to a function that inserts a markdown section at the cursor (nothing is replaced). */
  inserterRef?: MutableRefObject<((section: string) => void) | null>;
}

/**
 * The breakthrough body: markdown in CodeMirror, or the rendered preview. Switching to the
 * preview shows a short loading flash first (spec §9: 300 ms). Images pasted, dropped or
 * picked with the toolbar's image button are uploaded and linked where the caret is; the
 * toolbar and its shortcuts edit the selection as one change, so collaborators keep theirs.
 */
export function MarkdownEditor({
  label,
  value,
  onChange,
  maxLength,
  onUploadingChange,
  collaboration,
  inserterRef,
}: MarkdownEditorProps) {
  const t = useMessages(messages);
  const tools = toolsOf(t);
  const id = useId();
  const viewRef = useRef<EditorView | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [mode, setMode] = useState<'edit' | 'preview'>('edit');
  const [flashing, setFlashing] = useState(false);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const images = useImageUpload();
  const [tooLong, setTooLong] = useState(false);
  const uploading = images.pending.length > 0;
  useEffect(() => {
    onUploadingChange?.(uploading);
  }, [uploading, onUploadingChange]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const showPreview = () => {
    if (mode === 'preview') return;
    setMode('preview');
    setFlashing(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setFlashing(false), PREVIEW_FLASH_MS);
  };

  const showEdit = () => {
    clearTimeout(timer.current);
    setFlashing(false);
    setMode('edit');
  };

  useEffect(() => {
    if (mode === 'edit' && document.activeElement?.getAttribute('data-editor-mode')) {
      viewRef.current?.focus();
    }
  }, [mode]);

  const format = (kind: MarkdownFormat) => {
    const view = viewRef.current;
    if (!view) return;
    const text = view.state.doc.toString();
    const { from, to } = view.state.selection.main;
    const edit = applyFormat(text, from, to, kind);
    const change = minimalChange(text, edit.value);
    view.dispatch({
      ...(change ? { changes: change } : {}),
      selection: { anchor: edit.start, head: edit.end },
      userEvent: 'input.format',
    });
    view.focus();
  };

  useSectionInserter(viewRef, inserterRef, showEdit);

  /** Puts a placeholder per image at the caret, then each image's markdown in its place. */
  const insertImages = (files: File[]) => {
    const view = viewRef.current;
    if (!view || files.length === 0) return;
    const started = files.flatMap((file) => images.start(file) ?? []);
    if (started.length === 0) return;
    const { from, to } = view.state.selection.main;
    const inserted = started
      .map((upload, index) => (index > 0 ? '\n' : '') + upload.placeholder)
      .join('');
    view.dispatch({
      changes: { from, to, insert: inserted },
      selection: { anchor: from + inserted.length },
      userEvent: 'input.paste',
    });

    for (const upload of started) {
      void upload.markdown.then((markdown) => {
        const current = viewRef.current;
        if (!current) return;
        // Wherever the placeholder is now (the text moved on, perhaps by someone else).
        const at = current.state.doc.toString().indexOf(upload.placeholder);
        if (at === -1) return;
        current.dispatch({
          changes: { from: at, to: at + upload.placeholder.length, insert: markdown ?? '' },
          userEvent: 'input.paste',
        });
      });
    }
  };

  const onFiles = (files: File[], event: ClipboardEvent | DragEvent) => {
    if (files.length === 0) return false;
    event.preventDefault();
    insertImages(files);
    return true;
  };

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Picking the same file again must fire another change.
    event.target.value = '';
    insertImages(files);
    viewRef.current?.focus();
  };

  const shortcuts = tools.flatMap((tool) =>
    tool.shortcut ? [{ key: tool.shortcut, run: () => format(tool.format) }] : [],
  );

  return (
    <div className={styles.editor}>
      <div className={styles.bar}>
        <span id={`${id}-label`} className={styles.label}>
          {label}
        </span>
        <div className={styles.modes} role="group" aria-label={t.mode}>
          <button
            type="button"
            className={styles.mode}
            aria-pressed={mode === 'edit'}
            data-editor-mode="edit"
            onClick={showEdit}
          >
            {t.edit}
          </button>
          <button
            type="button"
            className={styles.mode}
            aria-pressed={mode === 'preview'}
            data-editor-mode="preview"
            onClick={showPreview}
          >
            {t.preview}
          </button>
        </div>
      </div>
      <div className={styles.tools} role="toolbar" aria-label={t.toolbar}>
        {tools.map((tool) => (
          <button
            key={tool.format}
            type="button"
            className={styles.tool}
            aria-label={tool.label}
            title={
              tool.shortcut
                ? t.withShortcut({ label: tool.label, key: tool.shortcut.toUpperCase() })
                : tool.label
            }
            disabled={mode === 'preview'}
            onClick={() => format(tool.format)}
          >
            <span aria-hidden="true" data-tool={tool.format}>
              {tool.text}
            </span>
          </button>
        ))}
        <button
          type="button"
          className={`${styles.tool} ${styles.imageTool}`}
          aria-label={t.insertImage}
          title={t.insertImageHint}
          disabled={mode === 'preview'}
          onClick={() => fileInputRef.current?.click()}
        >
          <span aria-hidden="true">{t.imageText}</span>
        </button>
        <input
          ref={fileInputRef}
          className={styles.fileInput}
          type="file"
          accept={ACCEPTED_IMAGE_TYPES.join(',')}
          multiple
          tabIndex={-1}
          aria-hidden="true"
          onChange={onPick}
        />
      </div>
      <div className={styles.panel}>
        <CodeEditor
          labelledBy={`${id}-label`}
          placeholder={t.placeholder}
          value={value}
          onChange={(next) => {
            setTooLong(false);
            onChange(next);
          }}
          collaboration={collaboration}
          maxLength={maxLength}
          hidden={mode !== 'edit'}
          shortcuts={shortcuts}
          onFiles={onFiles}
          onTooLong={() => setTooLong(true)}
          viewRef={viewRef}
        />
        {mode === 'preview' && (
          <div className={styles.preview} aria-label={t.previewRegion({ label })} role="region">
            {flashing ? <PreviewLoading /> : <MarkdownPreview content={value} />}
          </div>
        )}
      </div>
      {maxLength !== undefined && (
        <CutNotice
          notice={tooLong ? t.tooLong({ max: maxLength.toLocaleString(locale.get()) }) : null}
        />
      )}
      <UploadStatus
        pending={images.pending}
        error={images.error}
        onDismissError={images.dismissError}
      />
    </div>
  );
}
