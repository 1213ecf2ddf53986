import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { markdownKeymap, markdownLanguage } from '@codemirror/lang-markdown';
import {
  defaultHighlightStyle,
  HighlightStyle,
  LanguageSupport,
  syntaxHighlighting,
} from '@codemirror/language';
import { EditorState, type Extension } from '@codemirror/state';
import {
  EditorView,
  keymap,
  placeholder as placeholderText,
  type KeyBinding,
} from '@codemirror/view';
import { useEffect, useRef, type MutableRefObject } from 'react';
import { yCollab } from 'y-codemirror.next';
import type { Awareness } from 'y-protocols/awareness';
import type * as Y from 'yjs';
import { imageFilesOf } from '../lib/image-markdown';
import { minimalChange } from '../lib/minimal-change';
import styles from './markdown-editor.module.css';

/**
 * CodeMirror's default highlighting with its colors, made for a white page, swapped for the
 * app's color properties, so the markdown reads as well in the dark theme as in the light one.
 * A color not named here (CodeMirror changed its palette) is the text's.
 */
const THEMED_COLORS: Record<string, string> = {
  '#219': 'var(--color-primary)', // links' addresses, rules, labels
  '#404740': 'var(--color-muted)', // meta
  '#940': 'var(--color-faint)', // comments
  '#708': 'var(--color-other)', // keywords
  '#a11': 'var(--color-danger)', // strings
  '#164': 'var(--color-success-text)', // literals
};
const themedHighlightStyle = HighlightStyle.define(
  defaultHighlightStyle.specs.map((spec) =>
    typeof spec.color === 'string'
      ? { ...spec, color: THEMED_COLORS[spec.color] ?? 'var(--color-text)' }
      : spec,
  ),
);

/** The shared text this editor edits live with others, and their cursors. */
export interface Collaboration {
  text: Y.Text;
  awareness: Awareness;
  undoManager: Y.UndoManager;
}

interface CodeEditorProps {
  /** The label's element id (the editor is a labelled multi-line text box). */
  labelledBy: string;
  placeholder: string;
  /** The text, when the editor is not live (the form owns it). */
  value: string;
  /** Every change, typed here or (live) by anyone. */
  onChange: (value: string) => void;
  /** Edit the shared text with others instead of `value`. */
  collaboration?: Collaboration | undefined;
  maxLength?: number | undefined;
  hidden: boolean;
  /** Ctrl/Cmd + key shortcuts of the toolbar. */
  shortcuts: { key: string; run: () => void }[];
  onFiles: (files: File[], event: ClipboardEvent | DragEvent) => boolean;
  /** A paste or typing was refused for passing `maxLength`. */
  onTooLong?: () => void;
  viewRef: MutableRefObject<EditorView | null>;
}

/**
 * The body editor: CodeMirror 6 with markdown highlighting, editing either the form's value or,
 * live, a draft's shared Y.Text with collaborators' cursors and selections (y-codemirror.next).
 */
export function CodeEditor({
  labelledBy,
  placeholder,
  value,
  onChange,
  collaboration,
  maxLength,
  hidden,
  shortcuts,
  onFiles,
  onTooLong,
  viewRef,
}: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  // The latest callbacks, for the editor built once.
  const latest = useRef({ onChange, shortcuts, onFiles, onTooLong });
  useEffect(() => {
    latest.current = { onChange, shortcuts, onFiles, onTooLong };
  });
  const initialValue = useRef(value);
  // The caret and focus of an editor being rebuilt (it went live), for the next one.
  const carried = useRef<{ anchor: number; head: number; focused: boolean } | null>(null);

  useEffect(() => {
    if (!host.current) return;
    const bindings: KeyBinding[] = ['b', 'i', 'k'].map((key) => ({
      key: `Mod-${key}`,
      run: () => {
        const shortcut = latest.current.shortcuts.find((s) => s.key === key);
        shortcut?.run();
        return Boolean(shortcut);
      },
    }));
    const extensions: Extension[] = [
      keymap.of(bindings),
      // GFM markdown without the languages of embedded HTML and code blocks (a third of the
      // editor's weight for colors nobody needs while writing prose).
      new LanguageSupport(markdownLanguage),
      syntaxHighlighting(themedHighlightStyle, { fallback: true }),
      keymap.of(markdownKeymap),
      EditorView.lineWrapping,
      placeholderText(placeholder),
      EditorView.contentAttributes.of({
        'aria-labelledby': labelledBy,
        'aria-required': 'true',
        spellcheck: 'true',
      }),
      EditorView.domEventHandlers({
        paste: (event) => latest.current.onFiles(imageFilesOf(event.clipboardData), event),
        drop: (event) => latest.current.onFiles(imageFilesOf(event.dataTransfer), event),
        dragover: (event) => {
          if (!event.dataTransfer?.types.includes('Files')) return false;
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
          return true;
        },
      }),
      EditorView.updateListener.of((update) => {
        if (update.docChanged) latest.current.onChange(update.state.doc.toString());
      }),
      ...(maxLength === undefined
        ? []
        : [
            // The writer's own typing stops at the limit (a collaborator's text is theirs).
            EditorState.transactionFilter.of((tr) => {
              const tooLong =
                tr.docChanged &&
                tr.newDoc.length > maxLength &&
                tr.newDoc.length > tr.startState.doc.length &&
                (tr.isUserEvent('input') || tr.isUserEvent('paste') || tr.isUserEvent('drop'));
              if (!tooLong) return tr;
              latest.current.onTooLong?.();
              return [];
            }),
          ]),
      ...(collaboration
        ? [
            yCollab(collaboration.text, collaboration.awareness, {
              undoManager: collaboration.undoManager,
            }),
          ]
        : [history(), keymap.of(historyKeymap)]),
      keymap.of(defaultKeymap),
    ];
    const doc = collaboration ? collaboration.text.toJSON() : initialValue.current;
    const kept = carried.current;
    const view = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc,
        extensions,
        // Going live rebuilds the editor on the same text: the writer's caret stays put.
        ...(kept
          ? {
              selection: {
                anchor: Math.min(kept.anchor, doc.length),
                head: Math.min(kept.head, doc.length),
              },
            }
          : {}),
      }),
    });
    if (kept?.focused) view.focus();
    carried.current = null;
    viewRef.current = view;
    return () => {
      const { anchor, head } = view.state.selection.main;
      carried.current = { anchor, head, focused: view.hasFocus };
      viewRef.current = null;
      view.destroy();
    };
  }, [collaboration, labelledBy, maxLength, placeholder, viewRef]);

  // Not live: the form's value is the text (another tab's version adopted, a form reset).
  useEffect(() => {
    const view = viewRef.current;
    if (!view || collaboration) return;
    const change = minimalChange(view.state.doc.toString(), value);
    if (change) view.dispatch({ changes: change });
  }, [value, collaboration, viewRef]);

  return <div ref={host} className={styles.code} hidden={hidden} data-testid="body-editor" />;
}
