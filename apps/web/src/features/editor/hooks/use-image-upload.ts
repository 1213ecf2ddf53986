import { useCallback, useEffect, useRef, useState } from 'react';
import { i18n, params } from '../../../i18n';
import { uploadImage } from '../api/upload-image';
import { altTextOf, imageMarkdown, refusalOf } from '../lib/image-markdown';

const messages = i18n('useImageUpload', {
  notUploaded: params('{name} was not uploaded: {reason}'),
});

export interface PendingUpload {
  id: number;
  name: string;
  /** Fraction sent, 0 to 1. */
  progress: number;
}

export interface StartedUpload {
  /** Text to put where the image goes while it uploads. */
  placeholder: string;
  /** The image's markdown once stored; null when the upload failed (see `error`). */
  markdown: Promise<string | null>;
}

export interface ImageUploads {
  pending: PendingUpload[];
  /** The last upload's failure, in the server's words. */
  error: string | null;
  dismissError: () => void;
  start: (file: File) => StartedUpload | null;
}

/**
 * Uploads images for a markdown editor, whatever the editor: `start` gives back a placeholder
 * to insert at once and, when the image is stored, the markdown to put in its place. Progress
 * and the last error are state for the editor to show. Uploads still running when the editor
 * goes away are cancelled.
 */
export function useImageUpload(): ImageUploads {
  const [pending, setPending] = useState<PendingUpload[]>([]);
  const [error, setError] = useState<string | null>(null);
  const nextId = useRef(0);
  const controllers = useRef(new Set<AbortController>());

  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running) controller.abort();
    };
  }, []);

  const start = useCallback((file: File): StartedUpload | null => {
    const refusal = refusalOf(file);
    if (refusal) {
      setError(refusal);
      return null;
    }
    nextId.current += 1;
    const id = nextId.current;
    const name = file.name || 'image';
    const controller = new AbortController();
    controllers.current.add(controller);
    setError(null);
    setPending((list) => [...list, { id, name, progress: 0 }]);

    const markdown = uploadImage(file, {
      signal: controller.signal,
      onProgress: (progress) =>
        setPending((list) => list.map((item) => (item.id === id ? { ...item, progress } : item))),
    })
      .then((image) => imageMarkdown(file.name, image.url))
      .catch((failure: unknown) => {
        if (!controller.signal.aborted) {
          const reason = failure instanceof Error ? failure.message : String(failure);
          setError(messages.get().notUploaded({ name, reason }));
        }
        return null;
      })
      .finally(() => {
        controllers.current.delete(controller);
        setPending((list) => list.filter((item) => item.id !== id));
      });
    return { placeholder: `![Uploading ${altTextOf(name)} #${id}…]()`, markdown };
  }, []);

  const dismissError = useCallback(() => setError(null), []);
  return { pending, error, dismissError, start };
}
