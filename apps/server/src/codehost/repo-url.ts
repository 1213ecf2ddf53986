import { badRequest } from '../errors.js';

export interface RepoRef {
  owner: string;
  name: string;
  /** Lower-cased "owner/name": one blog per repository. */
  key: string;
  /** The canonical https URL on the configured GitHub. */
  htmlUrl: string;
}

const SEGMENT = /^[A-Za-z0-9_.-]{1,100}$/;

/**
 * Reads "https://github.com/owner/repo" (also with .git, a trailing slash, or extra path such as
 * /tree/main) on the configured GitHub web host. Anything else is a 400 naming the field.
 */
export function parseRepoUrl(value: string, webUrl: string, field = 'gitRepoUrl'): RepoRef {
  const prefix = `${webUrl.replace(/\/+$/, '')}/`;
  const notAnAddress = () =>
    badRequest('github.repoUrl', { field, host: webUrl, example: `${prefix}owner/repository` });
  const trimmed = value.trim();
  if (!trimmed.toLowerCase().startsWith(prefix.toLowerCase())) {
    throw notAnAddress();
  }
  const [owner, rawName] = trimmed.slice(prefix.length).split(/[/?#]/);
  const name = rawName?.replace(/\.git$/, '');
  const valid = (segment: string | undefined): segment is string =>
    segment !== undefined && SEGMENT.test(segment) && !/^\.+$/.test(segment);
  if (!valid(owner) || !valid(name)) {
    throw notAnAddress();
  }
  return {
    owner,
    name,
    key: `${owner}/${name}`.toLowerCase(),
    htmlUrl: `${prefix}${owner}/${name}`,
  };
}
