import { i18n, params, useMessages } from '../../../i18n';
import type { PendingUpload } from '../hooks/use-image-upload';
import styles from './markdown-editor.module.css';

interface UploadStatusProps {
  pending: PendingUpload[];
  error: string | null;
  onDismissError: () => void;
}

const messages = i18n('uploadStatus', {
  uploading: params('Uploading {name}…'),
  progress: params('Uploading {name}'),
  dismiss: 'Dismiss',
});

/** Images on their way to the server (with how much is sent), and the last refusal. */
export function UploadStatus({ pending, error, onDismissError }: UploadStatusProps) {
  const t = useMessages(messages);
  if (pending.length === 0 && !error) return null;
  return (
    <div className={styles.uploads}>
      {pending.map((upload) => {
        const percent = Math.round(upload.progress * 100);
        return (
          <div key={upload.id} className={styles.upload}>
            <span role="status">{t.uploading({ name: upload.name })}</span>
            <progress
              className={styles.uploadProgress}
              max={100}
              value={percent}
              aria-label={t.progress({ name: upload.name })}
            />
            <span className={styles.uploadPercent} aria-hidden="true">
              {percent}%
            </span>
          </div>
        );
      })}
      {error && (
        <div className={styles.uploadError} role="alert">
          <span>{error}</span>
          <button type="button" className={styles.uploadDismiss} onClick={onDismissError}>
            {t.dismiss}
          </button>
        </div>
      )}
    </div>
  );
}
