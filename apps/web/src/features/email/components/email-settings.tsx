import { useQuery } from '@tanstack/react-query';
import type { ReadableAtom } from 'nanostores';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import {
  EMAIL_CHOICES,
  EMAIL_KINDS,
  type EmailChoice,
  type EmailKind,
} from '@repolog/contract/constants';
import type { EmailSettings as Settings, EmailSettingsUpdate } from '@repolog/contract/email';
import { Button } from '../../../components/ui/button';
import { describeMessage, i18n, params, useLocale, useMessages } from '../../../i18n';
import { emailSettingsQuery, useRequestAddress, useSaveEmailSettings } from '../api/email-settings';
import styles from './email-settings.module.css';

const messages = i18n('emailSettings', {
  heading: 'Email',
  off: 'Email is off on this server: nothing is sent, whatever you choose here.',
  mailbox: 'Demo mode: emails go to the demo mailbox instead of being sent.',
  openMailbox: 'Open the demo mailbox',
  address: 'Emails go to',
  noAddress: 'No email address is known for your account yet.',
  fromGitHub: 'Your primary verified email address on GitHub.',
  pending: params(
    'We sent a link to {address}. It is used once you open that link (within 24 hours).',
  ),
  otherAddress: 'Use another address',
  send: 'Send confirmation link',
  verified: 'Your new email address is confirmed.',
  preferences: 'What to email you about',
  kind: 'Notification',
  invitation: 'Added to a blog',
  comment: 'Comments on your breakthroughs',
  like: 'Likes on your breakthroughs',
  favorite: 'Your blogs added to favorites',
  immediately: 'Immediately',
  daily: 'Daily digest',
  never: 'Never',
  weekly: 'Weekly digest of new breakthroughs in the blogs I follow',
  saved: 'Saved.',
  loading: 'Loading your email settings…',
});

type Texts = typeof messages extends ReadableAtom<infer Value> ? Value : never;

/** The /settings section for email: the address, and when to be emailed about what. */
export function EmailSettings() {
  const t = useMessages(messages);
  const { data, error } = useQuery(emailSettingsQuery);
  const [search] = useSearchParams();
  const linkError = search.get('emailError');
  return (
    <section id="email" className={styles.section} aria-labelledby="email-settings-heading">
      <h2 id="email-settings-heading" className={styles.heading}>
        {t.heading}
      </h2>
      {search.get('email') === 'verified' && (
        <p className={styles.note} role="status">
          {t.verified}
        </p>
      )}
      {linkError && (
        <p className={styles.error} role="alert">
          {describeMessage({ key: linkError, params: {} }, englishLinkError(linkError))}
        </p>
      )}
      {error && (
        <p className={styles.error} role="alert">
          {error.message}
        </p>
      )}
      {data ? <Loaded settings={data} t={t} /> : !error && <p aria-busy="true">{t.loading}</p>}
    </section>
  );
}

// English pages carry no copy of the server's catalogue: the link errors' own words.
function englishLinkError(key: string): string {
  if (key === 'mail.tokenExpired') return 'This link has expired. Nothing was changed.';
  if (key === 'mail.tokenOtherUser') {
    return 'This link was sent to another account. Sign in as that account to use it. Nothing was changed.';
  }
  return 'This link is not valid: it was changed or cut short. Nothing was changed.';
}

function Loaded({ settings, t }: { settings: Settings; t: Texts }) {
  return (
    <>
      {settings.delivery === 'off' && <p className={styles.note}>{t.off}</p>}
      {settings.delivery === 'mailbox' && (
        <p className={styles.note}>
          {t.mailbox} <a href="/__mail">{t.openMailbox}</a>
        </p>
      )}
      <Address settings={settings} t={t} />
      <Preferences settings={settings} t={t} />
    </>
  );
}

function Address({ settings, t }: { settings: Settings; t: Texts }) {
  const [address, setAddress] = useState('');
  const request = useRequestAddress();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    request.mutate(address.trim(), { onSuccess: () => setAddress('') });
  };
  return (
    <div className={styles.group}>
      <p>
        {settings.address ? (
          <>
            {t.address} <span className={styles.address}>{settings.address}</span>
            {settings.address === settings.githubAddress && <> — {t.fromGitHub}</>}
          </>
        ) : (
          t.noAddress
        )}
      </p>
      {settings.pendingAddress && (
        <p role="status">{t.pending({ address: settings.pendingAddress })}</p>
      )}
      {settings.delivery !== 'off' && (
        <form className={styles.form} onSubmit={submit}>
          <label>
            {t.otherAddress}
            <input
              type="email"
              name="email"
              autoComplete="email"
              required
              value={address}
              onChange={(event) => setAddress(event.target.value)}
            />
          </label>
          <Button type="submit" variant="secondary" disabled={request.isPending}>
            {t.send}
          </Button>
        </form>
      )}
      {request.error && (
        <p className={styles.error} role="alert">
          {request.error.message}
        </p>
      )}
    </div>
  );
}

function Preferences({ settings, t }: { settings: Settings; t: Texts }) {
  const save = useSaveEmailSettings();
  const language = useLocale();
  // What the controls show: the reader's choice in the same event (a controlled input shows the
  // value its render gives; the cache's update would re-render a tick later, after the browser
  // had put the old choice back), and the server's settings whenever they change.
  const [shown, setShown] = useState(settings);
  const [from, setFrom] = useState(settings);
  if (from !== settings) {
    setFrom(settings);
    setShown(settings);
  }
  const update = (change: Omit<EmailSettingsUpdate, 'language'>) => {
    setShown((old) => ({
      ...old,
      preferences: { ...old.preferences, ...change.preferences },
      weeklyDigest: change.weeklyDigest ?? old.weeklyDigest,
    }));
    save.mutate({ ...change, language });
  };
  const choose = (kind: EmailKind, choice: EmailChoice) =>
    update({ preferences: { [kind]: choice } });
  return (
    <fieldset className={styles.group}>
      <legend>{t.preferences}</legend>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{t.kind}</th>
            {EMAIL_CHOICES.map((choice) => (
              <th scope="col" key={choice}>
                {t[choice]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {EMAIL_KINDS.map((kind) => (
            <tr key={kind}>
              <th scope="row">{t[kind]}</th>
              {EMAIL_CHOICES.map((choice) => (
                <td key={choice}>
                  <input
                    type="radio"
                    name={`email-${kind}`}
                    aria-label={`${t[kind]}: ${t[choice]}`}
                    checked={shown.preferences[kind] === choice}
                    onChange={() => choose(kind, choice)}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={shown.weeklyDigest}
          onChange={(event) => update({ weeklyDigest: event.target.checked })}
        />
        {t.weekly}
      </label>
      {save.isSuccess && <p role="status">{t.saved}</p>}
      {save.error && (
        <p className={styles.error} role="alert">
          {save.error.message}
        </p>
      )}
    </fieldset>
  );
}
