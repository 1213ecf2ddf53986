import { EditorView } from '@codemirror/view';
import { screen } from '@testing-library/react';

/**
 * The body editor (CodeMirror) in component tests: its text box by its label, its text, and
 * typing and selecting through the editor itself (jsdom cannot type into a contenteditable the
 * way a browser does; the e2e journeys type for real).
 */
export const bodyBox = (name = 'Body') => screen.getByRole('textbox', { name });

export function bodyView(name = 'Body'): EditorView {
  const view = EditorView.findFromDOM(bodyBox(name));
  if (!view) throw new Error(`no editor labelled ${name}`);
  return view;
}

export const bodyText = (name = 'Body') => bodyView(name).state.doc.toString();

/** Types `text` at the caret, as the writer would. */
export function typeInBody(text: string, name = 'Body'): void {
  const view = bodyView(name);
  const at = view.state.selection.main.head;
  view.dispatch({
    changes: { from: at, insert: text },
    selection: { anchor: at + text.length },
    userEvent: 'input.type',
  });
}

/** Selects [from, to) of the body. */
export function selectInBody(from: number, to = from, name = 'Body'): void {
  bodyView(name).dispatch({ selection: { anchor: from, head: to } });
}

/** Replaces the whole body, as a writer retyping it would. */
export function replaceBody(text: string, name = 'Body'): void {
  const view = bodyView(name);
  view.dispatch({
    changes: { from: 0, to: view.state.doc.length, insert: text },
    userEvent: 'input.type',
  });
}
