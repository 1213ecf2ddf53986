import { ACCEPTED_IMAGE_TYPES } from '@repolog/contract/constants';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type ClipboardEvent,
  type DragEvent,
  type KeyboardEvent,
} from 'react';
import { useImageUpload } from '../hooks/use-image-upload';
import { PREVIEW_FLASH_MS } from '../lib/article-form-rules';
import { imageFilesOf, insertText, replacePlaceholder } from '../lib/image-markdown';
import { applyFormat, type MarkdownFormat } from '../lib/markdown-format';
import { MarkdownPreview, PreviewLoading } from './markdown-preview';
import { UploadStatus } from './upload-status';
import styles from './markdown-editor.module.css';

const TOOLS: { format: MarkdownFormat; label: string; text: string; shortcut?: string }[] = [
  { format: 'heading', label: 'Heading', text: 'H' },
  { format: 'bold', label: 'Bold', text: 'B', shortcut: 'b' },
  { format: 'italic', label: 'Italic', text: 'I', shortcut: 'i' },
  { format: 'code', label: 'Inline code', text: '</>' },
  { format: 'codeBlock', label: 'Code block', text: '{ }' },
  { format: 'link', label: 'Link', text: 'Link', shortcut: 'k' },
  { format: 'list', label: 'Bulleted list', text: '•' },
];

interface MarkdownEditorProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength?: number;
  /** Told when images start or stop uploading (the form waits for them before saving). */
  onUploadingChange?: (uploading: boolean) => void;
}

/**
 * The breakthrough body: markdown in a text area, or the rendered preview. Switching to the
 * preview shows a short loading flash first (spec §9: 300 ms). Images pasted, dropped or
 * picked with the toolbar's image button are uploaded and linked where the caret is.
 */
export function MarkdownEditor({
  label,
  value,
  onChange,
  maxLength,
  onUploadingChange,
}: MarkdownEditorProps) {
  const id = useId();
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [mode, setMode] = useState<'edit' | 'preview'>('edit');
  const [flashing, setFlashing] = useState(false);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const images = useImageUpload();
  // Uploads finish later; they edit the text as it is then, not as it was when they started.
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  }, [value]);
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
      textareaRef.current?.focus();
    }
  }, [mode]);

  const format = (kind: MarkdownFormat) => {
    const textarea = textareaRef.current;
    if (!textarea) return;
    const edit = applyFormat(value, textarea.selectionStart, textarea.selectionEnd, kind);
    onChange(edit.value);
    requestAnimationFrame(() => {
      textarea.focus();
      textarea.setSelectionRange(edit.start, edit.end);
    });
  };

  const change = (next: string) => {
    latest.current = next;
    onChange(next);
  };

  /** Puts a placeholder per image at the caret, then each image's markdown in its place. */
  const insertImages = (files: File[]) => {
    const textarea = textareaRef.current;
    if (!textarea || files.length === 0) return;
    let text = latest.current;
    let start = textarea.selectionStart;
    let end = textarea.selectionEnd;
    const started = files.flatMap((file) => images.start(file) ?? []);
    started.forEach((upload, index) => {
      const edit = insertText(text, start, end, (index > 0 ? '\n' : '') + upload.placeholder);
      text = edit.value;
      start = end = edit.caret;
    });
    if (started.length === 0) return;
    change(text);
    requestAnimationFrame(() => textarea.setSelectionRange(start, start));

    for (const upload of started) {
      void upload.markdown.then((markdown) => {
        const before = latest.current;
        const next = replacePlaceholder(before, upload.placeholder, markdown ?? '');
        if (next === null) return;
        // Keep the caret where the writer left it, shifted if it was after the placeholder.
        const at = before.indexOf(upload.placeholder);
        const shift = next.length - before.length;
        const caret = [textarea.selectionStart, textarea.selectionEnd].map((position) =>
          position > at ? position + shift : position,
        );
        change(next);
        requestAnimationFrame(() => textarea.setSelectionRange(caret[0] ?? 0, caret[1] ?? 0));
      });
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = imageFilesOf(event.clipboardData);
    if (files.length === 0) return;
    event.preventDefault();
    insertImages(files);
  };

  const onDragOver = (event: DragEvent<HTMLTextAreaElement>) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  };

  const onDrop = (event: DragEvent<HTMLTextAreaElement>) => {
    const files = imageFilesOf(event.dataTransfer);
    if (files.length === 0) return;
    event.preventDefault();
    insertImages(files);
  };

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Picking the same file again must fire another change.
    event.target.value = '';
    insertImages(files);
    textareaRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
    const tool = TOOLS.find((t) => t.shortcut === event.key.toLowerCase());
    if (tool) {
      event.preventDefault();
      format(tool.format);
    }
  };

  return (
    <div className={styles.editor}>
      <div className={styles.bar}>
        <span id={`${id}-label`} className={styles.label}>
          {label}
        </span>
        <div className={styles.modes} role="group" aria-label="Body editor mode">
          <button
            type="button"
            className={styles.mode}
            aria-pressed={mode === 'edit'}
            data-editor-mode="edit"
            onClick={showEdit}
          >
            Edit
          </button>
          <button
            type="button"
            className={styles.mode}
            aria-pressed={mode === 'preview'}
            data-editor-mode="preview"
            onClick={showPreview}
          >
            Preview
          </button>
        </div>
      </div>
      <div className={styles.tools} role="toolbar" aria-label="Formatting" aria-controls={id}>
        {TOOLS.map((tool) => (
          <button
            key={tool.format}
            type="button"
            className={styles.tool}
            aria-label={tool.label}
            title={
              tool.shortcut ? `${tool.label} (Ctrl+${tool.shortcut.toUpperCase()})` : tool.label
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
          aria-label="Insert image"
          title="Insert image (or paste or drop one into the text)"
          disabled={mode === 'preview'}
          onClick={() => fileInputRef.current?.click()}
        >
          <span aria-hidden="true">Image</span>
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
        <textarea
          ref={textareaRef}
          id={id}
          className={styles.textarea}
          aria-labelledby={`${id}-label`}
          aria-required="true"
          value={value}
          onChange={(event) => change(event.target.value)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          onDragOver={onDragOver}
          onDrop={onDrop}
          placeholder="Write your breakthrough in markdown: what was the problem, and how did you solve it?"
          maxLength={maxLength}
          hidden={mode !== 'edit'}
          spellCheck
        />
        {mode === 'preview' && (
          <div className={styles.preview} aria-label={`${label} preview`} role="region">
            {flashing ? <PreviewLoading /> : <MarkdownPreview content={value} />}
          </div>
        )}
      </div>
      <UploadStatus
        pending={images.pending}
        error={images.error}
        onDismissError={images.dismissError}
      />
    </div>
  );
}
