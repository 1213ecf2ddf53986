import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { PREVIEW_FLASH_MS } from '../lib/article-form-rules';
import { applyFormat, type MarkdownFormat } from '../lib/markdown-format';
import { MarkdownPreview, PreviewLoading } from './markdown-preview';
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
}

/**
 * The breakthrough body: markdown in a text area, or the rendered preview. Switching to the
 * preview shows a short loading flash first (spec §9: 300 ms).
 */
export function MarkdownEditor({ label, value, onChange, maxLength }: MarkdownEditorProps) {
  const id = useId();
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [mode, setMode] = useState<'edit' | 'preview'>('edit');
  const [flashing, setFlashing] = useState(false);

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
      </div>
      <div className={styles.panel}>
        <textarea
          ref={textareaRef}
          id={id}
          className={styles.textarea}
          aria-labelledby={`${id}-label`}
          aria-required="true"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
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
    </div>
  );
}
