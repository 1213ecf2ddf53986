import { useId, useState } from 'react';
import {
  REPORT_REASONS,
  REPORT_TEXT_MAX,
  type ReportReason,
  type ReportTarget,
} from '@repolog/contract/constants';
import type { CreateReport, ReportCreated } from '@repolog/contract/safety';
import { i18n, useMessages } from '../i18n';
import { api, ApiError } from '../lib/api-client';
import { Button } from './ui/button';
import { Dialog } from './ui/dialog';
import styles from './report-dialog.module.css';

const messages = i18n('reportDialog', {
  title: 'Report',
  reason: 'Why are you reporting this?',
  spam: 'Spam',
  harassment: 'Harassment or abuse',
  'off-topic': 'Off-topic',
  illegal: 'Illegal or private information',
  other: 'Other',
  details: 'Details',
  send: 'Send report',
  cancel: 'Cancel',
  close: 'Close',
  received: 'Thank you. Your report was received; a moderator will look at it.',
  failed: 'The report could not be sent.',
});

/**
 * Reporting a breakthrough, a comment or a user: a reason (and a text for "Other"), then the
 * confirmation that it was received. Loaded only when a reader opens it.
 */
export function ReportDialog({
  targetType,
  targetId,
  onClose,
}: {
  targetType: ReportTarget;
  targetId: number;
  onClose: () => void;
}) {
  const t = useMessages(messages);
  const id = useId();
  const [reason, setReason] = useState<ReportReason>('spam');
  const [text, setText] = useState('');
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle');
  const [error, setError] = useState<string | null>(null);

  const send = async () => {
    setState('busy');
    setError(null);
    const body: CreateReport = { targetType, targetId, reason, ...(text.trim() ? { text } : {}) };
    try {
      await api<ReportCreated>('/api/reports', { method: 'POST', body });
      setState('done');
    } catch (cause) {
      setError(cause instanceof ApiError ? cause.message : t.failed);
      setState('idle');
    }
  };

  if (state === 'done') {
    return (
      <Dialog
        title={t.title}
        onClose={onClose}
        actions={<Button onClick={onClose}>{t.close}</Button>}
      >
        <p role="status">{t.received}</p>
      </Dialog>
    );
  }
  return (
    <Dialog
      title={t.title}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={state === 'busy'}>
            {t.cancel}
          </Button>
          <Button onClick={() => void send()} disabled={state === 'busy'}>
            {t.send}
          </Button>
        </>
      }
    >
      <fieldset className={styles.reasons}>
        <legend>{t.reason}</legend>
        {REPORT_REASONS.map((value) => (
          <label key={value} className={styles.reason}>
            <input
              type="radio"
              name={`${id}-reason`}
              value={value}
              checked={reason === value}
              onChange={() => setReason(value)}
            />
            {t[value]}
          </label>
        ))}
      </fieldset>
      <label htmlFor={`${id}-text`} className={styles.label}>
        {t.details}
      </label>
      <textarea
        id={`${id}-text`}
        className={styles.text}
        value={text}
        maxLength={REPORT_TEXT_MAX}
        rows={3}
        onChange={(event) => setText(event.target.value)}
      />
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </Dialog>
  );
}
