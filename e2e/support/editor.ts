import type { BrowserContext, Page } from '@playwright/test';

/** The body editor (CodeMirror): a labelled multi-line text box. */
export const bodyBox = (page: Page) => page.getByRole('textbox', { name: 'Body' });

/**
 * The body's text exactly as the editor holds it (line breaks, indentation, tabs), read from the
 * editor itself: the text box's DOM also holds collaborators' name labels and the placeholder.
 */
export function bodyText(page: Page): Promise<string> {
  return bodyBox(page).evaluate((content) => {
    // CodeMirror keeps its view on the content element (EditorView.findFromDOM reads the same).
    const tile = (content as unknown as { cmTile?: { root?: { view?: unknown } } }).cmTile;
    const view = tile?.root?.view as { state: { doc: { toString(): string } } } | undefined;
    if (!view) throw new Error('the Body text box is not a CodeMirror editor');
    return view.state.doc.toString();
  });
}

/** A network whose proxy refuses WebSockets: the live connection to drafts never opens. */
export async function blockLiveEditing(context: BrowserContext): Promise<void> {
  await context.routeWebSocket(/\/api\/draft\/\d+\/live$/, (socket) => {
    void socket.close({ code: 1000, reason: 'blocked by a proxy' });
  });
}
