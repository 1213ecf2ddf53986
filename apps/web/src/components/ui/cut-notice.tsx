import { useState, type ClipboardEvent } from 'react';
import { i18n, locale, params } from '../../i18n';

const messages = i18n('cutNotice', {
  notice: params(
    '{what} can be at most {max} characters; the end of what you pasted was left out.',
  ),
});

/** What a field says when a paste did not fit: the limit, and that the rest was left out. */
export const cutNotice = (what: string, max: number) =>
  messages.get().notice({ what, max: max.toLocaleString(locale.get()) });

/**
 * For a text field with a length limit: a paste that would pass it is cut by the browser, so
 * the field says so beside itself instead of dropping text silently. `onPaste` goes on the
 * field, `notice` (an aria-live line, or null) next to it.
 */
export function useCutNotice(what: string, max: number) {
  const [notice, setNotice] = useState<string | null>(null);
  const onPaste = (event: ClipboardEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const field = event.currentTarget;
    const pasted = event.clipboardData.getData('text/plain');
    const selected = (field.selectionEnd ?? 0) - (field.selectionStart ?? 0);
    setNotice(field.value.length - selected + pasted.length > max ? cutNotice(what, max) : null);
  };
  return { notice, onPaste, clear: () => setNotice(null) };
}

/** The line a cut paste leaves beside its field (nothing until one happens). */
export function CutNotice({ notice }: { notice: string | null }) {
  if (!notice) return null;
  return (
    <p role="status" className="field-note">
      {notice}
    </p>
  );
}
