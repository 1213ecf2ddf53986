import type { RepoItem } from '@repolog/contract/repo-items';
import { limits } from '@repolog/contract/limits';
import { LANGUAGES } from '@repolog/contract/languages';
import {
  Fragment,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type FormEvent,
  type ReactNode,
} from 'react';
import { Button, ButtonLink } from '../../../components/ui/button';
import { DropdownSelect, type DropdownOption } from '../../../components/ui/dropdown-select';
import { i18n, useMessages } from '../../../i18n';
import { formRulesMessages, type ArticleFormValues } from '../lib/article-form-rules';
import type { Collaboration } from './code-editor';
import { MarkdownEditor } from './markdown-editor';
import { RepoImport } from './repo-import';
import { RepoItemPicker } from './repo-item-picker';
import { TagInput } from './tag-input';
import styles from './article-form.module.css';
import { useLeaveWarning } from '../../../lib/use-leave-warning';
import { CutNotice, useCutNotice } from '../../../components/ui/cut-notice';

type DropdownName = 'about' | 'problem' | 'solution';

const messages = i18n('articleForm', {
  titleLabel: 'Title',
  titlePlaceholder: 'Give your breakthrough a title',
  /** Begins the notice of a cut paste: '… can be at most N characters'. */
  titleCut: 'A title',
  language: 'Language',
  problem: 'Problem',
  solution: 'Solution',
  body: 'Body',
  noRepository: 'This blog has no linked repository.',
  cancel: 'Cancel',
  saving: 'Saving…',
});

const LANGUAGE_OPTIONS: DropdownOption[] = LANGUAGES.map((language) => ({
  value: language,
  label: language,
}));

interface ArticleFormProps {
  /** The blog written in: its repository's issues, pull requests and commits are searched. */
  blogId: number;
  initial: ArticleFormValues;
  /** The blog's repository; its issues, pull requests and commits fill problem and solution. */
  repoUrl: string | null;
  submitLabel: string;
  cancelTo: string;
  pending: boolean;
  /** The save went through (the page is moving on): nothing is unsaved any more. */
  saved?: boolean;
  /** Shown above the buttons (a refused or failed save). */
  error?: ReactNode;
  onSubmit: (values: ArticleFormValues) => void;
  /** Controlled use (autosave): the values shown, and every change to them. */
  values?: ArticleFormValues;
  onValuesChange?: (values: ArticleFormValues) => void;
  /** Whether leaving would lose anything; by default, whether the values differ from `initial`. */
  unsaved?: boolean;
  /** Focus left the form (autosave saves then). */
  onLeave?: () => void;
  /** Shown beside the buttons (the autosave status line). */
  status?: ReactNode;
  /** Cancel as a button doing this (the edit page discards its draft) instead of a link. */
  onCancel?: (() => void) | undefined;
  /** Live: the body is the draft's shared text (CodeMirror edits it with the others). */
  collaboration?: Collaboration | undefined;
  /** Live: who else is editing, shown above the fields. */
  presence?: ReactNode;
}

/** The write and edit breakthrough form (spec §2): title, markdown body, three dropdowns. */
export function ArticleForm({
  blogId,
  initial,
  repoUrl,
  submitLabel,
  cancelTo,
  pending,
  saved = false,
  error,
  onSubmit,
  values: controlled,
  onValuesChange,
  unsaved,
  onLeave,
  status,
  onCancel,
  collaboration,
  presence,
}: ArticleFormProps) {
  const t = useMessages(messages);
  const rules = useMessages(formRulesMessages);
  const titleId = useId();
  const titleCut = useCutNotice(t.titleCut, limits.articleTitle.max);
  const [own, setOwn] = useState(initial);
  const values = controlled ?? own;
  const setValues = (update: (previous: ArticleFormValues) => ArticleFormValues) => {
    if (controlled && onValuesChange) onValuesChange(update(controlled));
    else setOwn(update);
  };
  useLeaveWarning(
    !pending &&
      !saved &&
      (unsaved ??
        (Object.keys(initial) as (keyof ArticleFormValues)[]).some((k) =>
          k === 'tags'
            ? values.tags.join(' ') !== initial.tags.join(' ')
            : values[k] !== initial[k],
        )),
  );
  // A body still holding an image's upload placeholder is not saved.
  const [uploading, setUploading] = useState(false);
  // Only one of the three dropdowns is open at a time.
  const [openDropdown, setOpenDropdown] = useState<DropdownName | null>(null);

  const [notice, setNotice] = useState<string | null>(null);
  // The item last chosen in problem or solution: it can be imported into the body.
  const [chosen, setChosen] = useState<RepoItem | null>(null);
  const inserter = useRef<((section: string) => void) | null>(null);

  const set =
    <K extends keyof ArticleFormValues>(key: K) =>
    (value: ArticleFormValues[K]) =>
      setValues((previous) => ({ ...previous, [key]: value }));

  const openChange = (name: DropdownName) => (open: boolean) =>
    setOpenDropdown((current) => (open ? name : current === name ? null : current));

  const dropdown = (
    name: DropdownName,
    label: string,
    placeholder: string,
    options: DropdownOption[],
    emptyText?: string,
  ) => (
    <DropdownSelect
      label={label}
      placeholder={placeholder}
      options={options}
      value={values[name]}
      onChange={set(name)}
      open={openDropdown === name}
      onOpenChange={openChange(name)}
      emptyText={emptyText}
    />
  );

  const leave = (event: FocusEvent<HTMLFormElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) onLeave?.();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!pending && !uploading) onSubmit(values);
  };

  return (
    <form className={styles.form} onSubmit={submit} onBlur={leave} noValidate>
      {presence}
      <div className={styles.field}>
        <label htmlFor={titleId} className={styles.label}>
          {t.titleLabel}
        </label>
        <input
          id={titleId}
          className={styles.title}
          value={values.title}
          onChange={(event) => set('title')(event.target.value)}
          placeholder={t.titlePlaceholder}
          maxLength={limits.articleTitle.max}
          aria-required="true"
          autoComplete="off"
          onPaste={titleCut.onPaste}
        />
        <CutNotice notice={titleCut.notice} />
      </div>

      <div className={styles.dropdowns}>
        {dropdown('about', t.language, rules.languagePlaceholder, LANGUAGE_OPTIONS)}
        {(['problem', 'solution'] as const).map((name) =>
          repoUrl ? (
            <RepoItemPicker
              key={name}
              blogId={blogId}
              label={t[name]}
              value={values[name]}
              valueRef={values[`${name}Ref`]}
              onChange={(title, item) => {
                // The title as the spec stores it, and the item's own reference beside it.
                setValues((previous) => ({
                  ...previous,
                  [name]: title,
                  [`${name}Ref`]: item?.ref ?? '',
                }));
                setChosen(item);
              }}
              open={openDropdown === name}
              onOpenChange={openChange(name)}
              onNotice={name === 'problem' ? setNotice : undefined}
            />
          ) : (
            <Fragment key={name}>
              {dropdown(name, t[name], rules.activityPlaceholder, [], t.noRepository)}
            </Fragment>
          ),
        )}
      </div>
      <TagInput value={values.tags} onChange={set('tags')} />
      {chosen && (
        <RepoImport
          key={chosen.ref}
          blogId={blogId}
          item={chosen}
          onInsert={(section) => {
            inserter.current?.(section);
            setChosen(null);
          }}
          onDismiss={() => setChosen(null)}
        />
      )}
      {notice && (
        <p className={styles.notice} role="status">
          {notice}
        </p>
      )}

      <MarkdownEditor
        label={t.body}
        value={values.content}
        onChange={set('content')}
        maxLength={limits.articleBody.max}
        onUploadingChange={setUploading}
        collaboration={collaboration}
        inserterRef={inserter}
      />

      {error && (
        <div className={styles.error} role="alert">
          {error}
        </div>
      )}

      <div className={styles.actions}>
        {status && <div className={styles.status}>{status}</div>}
        {onCancel ? (
          <Button type="button" variant="secondary" onClick={onCancel}>
            {t.cancel}
          </Button>
        ) : (
          <ButtonLink to={cancelTo} variant="secondary">
            {t.cancel}
          </ButtonLink>
        )}
        <Button type="submit" disabled={pending || uploading}>
          {pending ? t.saving : submitLabel}
        </Button>
      </div>
    </form>
  );
}
