import type { EditorView } from '@codemirror/view';
import { useEffect, type MutableRefObject } from 'react';

/**
 * Fills `inserterRef` with a function that puts a markdown section at the caret, as a paragraph
 * of its own, replacing nothing. Live, the change reaches the shared text (and everyone's
 * editor) like typing does.
 */
export function useSectionInserter(
  viewRef: MutableRefObject<EditorView | null>,
  inserterRef: MutableRefObject<((section: string) => void) | null> | undefined,
  onInserted: () => void,
): void {
  useEffect(() => {
    if (!inserterRef) return;
    inserterRef.current = (section) => {
      const view = viewRef.current;
      if (!view) return;
      const at = view.state.selection.main.head;
      const before = view.state.doc.sliceString(Math.max(0, at - 2), at);
      const after = view.state.doc.sliceString(at, at + 1);
      const lead = at === 0 || before === '\n\n' ? '' : before.endsWith('\n') ? '\n' : '\n\n';
      const insert = `${lead}${section}${after === '' || after === '\n' ? '' : '\n'}`;
      view.dispatch({
        changes: { from: at, insert },
        selection: { anchor: at + insert.length },
        userEvent: 'input.paste',
        scrollIntoView: true,
      });
      onInserted();
      view.focus();
    };
    return () => {
      inserterRef.current = null;
    };
  });
}
