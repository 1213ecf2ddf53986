import { limits, utf8Bytes } from '@repolog/contract/limits';
import { i18n, params } from '../../../i18n';
import { ApiError } from '../../../lib/api-client';

/** Spec §5 and §8 texts, character for character (read in the active language when shown). */
const messages = i18n('blogFormRules', {
  requiredFields: 'Please fill out all required fields.',
  noGithubUser: 'No GitHub user found with this ID.',
  checkUserFailed: 'There was an error checking the GitHub user.',
  networkError: 'Network error: Unable to reach the server',
  descriptionTooLong: params(
    'The description is {bytes} bytes long; it can be at most {max} bytes. Please shorten it.',
  ),
  serverError: params('Server error: {message}'),
  unknownError: 'Unknown error occurred',
});

export const requiredFieldsAlert = (): string => messages.get().requiredFields;
export const noGithubUserAlert = (): string => messages.get().noGithubUser;
export const checkUserFailedAlert = (): string => messages.get().checkUserFailed;

export const DESCRIPTION_MAX_BYTES = limits.descriptionBytes.max;

export interface BlogFormValues {
  blogName: string;
  description: string;
  /** '' while the repository dropdown still shows its placeholder. */
  gitRepoUrl: string;
}

/** Blog name, description and repository are all required (spec §5). */
export const missesRequiredField = (values: BlogFormValues): boolean =>
  values.blogName.trim() === '' || values.description.trim() === '' || values.gitRepoUrl === '';

export const descriptionBytes = (description: string): number => utf8Bytes(description);

export const descriptionTooLongAlert = (bytes: number): string =>
  messages.get().descriptionTooLong({ bytes, max: DESCRIPTION_MAX_BYTES });

/** GitHub logins are case-insensitive. */
export const sameLogin = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/**
 * What to tell the user when saving failed (spec §8): the server's message, or
 * 'Unknown error occurred' when the answer carried none; 'Network error…' when no answer came.
 * Null when there is nothing to say (cancelled, or the session expired and was handled).
 */
export function saveErrorText(error: unknown): string | null {
  const t = messages.get();
  if (error instanceof ApiError) {
    if (error.kind === 'cancel' || error.status === 401) return null;
    if (error.kind === 'network' || error.kind === 'timeout') return t.networkError;
    // An answer with the server's {error, message} body carries a code.
    const message = error.kind === 'bad_request' && error.code ? error.message : '';
    return t.serverError({ message: message || t.unknownError });
  }
  return t.serverError({ message: t.unknownError });
}

/** 'https://github.com/owner/name' -> 'owner/name' (any host, trailing slash or .git). */
export function repoFullName(htmlUrl: string): string {
  const parts = htmlUrl
    .replace(/\.git$/, '')
    .split('/')
    .filter(Boolean);
  return parts.length >= 2 ? parts.slice(-2).join('/') : htmlUrl;
}
