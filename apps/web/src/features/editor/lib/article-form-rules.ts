import { i18n } from '../../../i18n';
import { ApiError } from '../../../lib/api-client';

/** Spec §5 and §8 texts, character for character (English; logged as they are). */
export const REQUIRED_FIELDS_ERROR = 'Please fill in all required fields';
export const LOAD_FAILED_ERROR = 'Failed to fetch article data';

/** The form's shared texts in the active language (spec §5 and §8 strings as the English base). */
export const formRulesMessages = i18n('articleFormRules', {
  requiredFields: REQUIRED_FIELDS_ERROR,
  loadFailed: LOAD_FAILED_ERROR,
  updateFailed: 'Failed to update article. Please try again.',
  languagePlaceholder: 'Select your project language',
  activityPlaceholder: 'Select related issue or commit title',
  networkError: 'Network error: Unable to reach the server',
  commit: 'Commit',
  issue: 'Issue',
  pullRequest: 'Pull request',
});

/** Spec §9: the loading flash when switching the body editor to preview. */
export const PREVIEW_FLASH_MS = 300;

export interface ArticleFormValues {
  title: string;
  content: string;
  /** '' means none, for the three optional dropdowns. */
  about: string;
  problem: string;
  solution: string;
  /** The repository items problem and solution are about: `issue:12`; '' for none. */
  problemRef: string;
  solutionRef: string;
  /** Up to 4 tags, as stored (lowercase). */
  tags: string[];
}

/** Title and body are required; whitespace-only counts as empty. */
export const missesRequiredField = (values: ArticleFormValues): boolean =>
  values.title.trim() === '' || values.content.trim() === '';

/** The request body fields shared by POST and PUT; empty choices go out as null. */
export const articleBody = (values: ArticleFormValues) => ({
  title: values.title.trim(),
  content: values.content,
  about: values.about || null,
  problem: values.problem || null,
  solution: values.solution || null,
  problemRef: (values.problem && values.problemRef) || null,
  solutionRef: (values.solution && values.solutionRef) || null,
  tags: values.tags,
});

/** The server's own explanation of a refused save, when it gave one (in the active language). */
export function serverDetail(error: unknown): string | null {
  if (error instanceof ApiError) {
    if (error.kind === 'network' || error.kind === 'timeout')
      return formRulesMessages.get().networkError;
    if (error.kind === 'bad_request' && error.code && error.status !== 401) return error.message;
  }
  return null;
}

/** True when two states of the form hold the same fields. */
export const sameValues = (a: ArticleFormValues, b: ArticleFormValues): boolean =>
  a.title === b.title &&
  a.content === b.content &&
  a.about === b.about &&
  a.problem === b.problem &&
  a.solution === b.solution &&
  a.problemRef === b.problemRef &&
  a.solutionRef === b.solutionRef &&
  a.tags.join(' ') === b.tags.join(' ');

/** The form's fields as a draft stores them: as typed, empty choices as null. */
export const draftFields = (values: ArticleFormValues) => ({
  title: values.title,
  content: values.content,
  about: values.about || null,
  problem: values.problem || null,
  solution: values.solution || null,
  problemRef: (values.problem && values.problemRef) || null,
  solutionRef: (values.solution && values.solutionRef) || null,
  tags: values.tags,
});

/** What the form shows for a stored draft (or article): absent choices as ''. */
export const valuesOfDraft = (draft: {
  title: string;
  content: string;
  about: string | null;
  problem: string | null;
  solution: string | null;
  problemRef?: string | null;
  solutionRef?: string | null;
  tags?: string[];
}): ArticleFormValues => ({
  title: draft.title,
  content: draft.content,
  about: draft.about ?? '',
  problem: draft.problem ?? '',
  solution: draft.solution ?? '',
  problemRef: draft.problemRef ?? '',
  solutionRef: draft.solutionRef ?? '',
  tags: draft.tags ?? [],
});
