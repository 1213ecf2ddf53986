import { useQuery } from '@tanstack/react-query';
import { REPO_ITEM_TYPES } from '@repolog/contract/repo-import';
import type { RepoItem } from '@repolog/contract/repo-items';
import { useEffect, useState } from 'react';
import { DropdownSelect, type DropdownOption } from '../../../components/ui/dropdown-select';
import { i18n, params, useMessages } from '../../../i18n';
import { repoItemsQuery } from '../api/repo-items';
import { formRulesMessages } from '../lib/article-form-rules';

export const repoItemMessages = i18n('repoItemPicker', {
  search: 'Search issues, pull requests and commits',
  searchPlaceholder: 'Words, #123 or a commit SHA',
  loading: 'Loading issues and commits…',
  failed: 'The issues and commits of the repository could not be loaded.',
  nothing: params('Nothing matches “{q}”.'),
  empty: 'The repository has no issues or commits yet.',
  open: 'open',
  closed: 'closed',
  merged: 'merged',
  committed: 'committed',
});

/** How long typing pauses before the search is sent. */
const SEARCH_PAUSE_MS = 250;

function useDebounced(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

/** What the dropdown holds when a title was kept without a reference (none is a ref's shape). */
const TITLE_ONLY = 'title:';

interface RepoItemPickerProps {
  blogId: number;
  label: string;
  /** The chosen item's title ('' for none), as the breakthrough stores it. */
  value: string;
  /**
   * The chosen item's reference (`pull:8`, `commit:<sha>`; '' for none): what tells apart a
   * commit and a pull request of the same title (a merge or squash commit).
   */
  valueRef: string;
  onChange: (title: string, item: RepoItem | null) => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A list served from the cache or not at all says why, under the dropdowns. */
  onNotice?: (notice: string | null) => void;
}

/**
 * The problem and solution dropdowns: a search over the blog's repository (words, `#123`, a SHA
 * prefix); each option shows its kind, number or short SHA, state and title.
 */
export function RepoItemPicker({
  blogId,
  label,
  value,
  valueRef,
  onChange,
  open,
  onOpenChange,
  onNotice,
}: RepoItemPickerProps) {
  const t = useMessages(repoItemMessages);
  const rules = useMessages(formRulesMessages);
  const [typed, setTyped] = useState('');
  const q = useDebounced(typed.trim());
  const results = useQuery(repoItemsQuery(blogId, q));
  const notice = results.data?.notice ?? null;
  useEffect(() => onNotice?.(notice), [notice, onNotice]);

  const kind = { issue: rules.issue, pull: rules.pullRequest, commit: rules.commit } as const;
  const items = results.data?.items ?? [];
  // Each option is its item's reference: titles repeat (a pull request and its merge commit).
  const options: DropdownOption[] = items.map((item) => ({
    value: item.ref,
    label: item.title,
    badge: kind[item.type],
    detail: `${item.number === null ? (item.sha ?? '').slice(0, 7) : `#${item.number}`} · ${t[item.state]}`,
  }));
  const emptyText = results.isPending
    ? t.loading
    : results.isError
      ? t.failed
      : q === ''
        ? t.empty
        : t.nothing({ q });
  // The choice as the dropdown holds it, shown with the title kept (a search may not list it).
  const chosen = valueRef || (value ? `${TITLE_ONLY}${value}` : '');
  const chosenKind = REPO_ITEM_TYPES.find((type) => valueRef.startsWith(`${type}:`));
  const chosenOption: DropdownOption | undefined = chosen
    ? { value: chosen, label: value || valueRef, badge: chosenKind && kind[chosenKind] }
    : undefined;

  return (
    <DropdownSelect
      label={label}
      placeholder={rules.activityPlaceholder}
      options={options}
      value={chosen}
      selectedOption={chosenOption}
      onChange={(ref) => {
        const item = items.find((each) => each.ref === ref) ?? null;
        onChange(item?.title ?? '', item);
      }}
      open={open}
      onOpenChange={onOpenChange}
      emptyText={emptyText}
      search={{
        value: typed,
        onChange: setTyped,
        label: t.search,
        placeholder: t.searchPlaceholder,
      }}
    />
  );
}
