import {
  GitHubError,
  type GitHubClient,
  type GitHubComment,
  type GitHubCommit,
  type GitHubCommitDetail,
  type GitHubFile,
  type GitHubIssueDetail,
} from './github.types.js';
import { firstLine, issueHeader } from './github-raw.js';

/** The client's GET: data with its ETag, or 'not_modified'. */
export type Get = <T>(
  route: string,
  params: Record<string, string | number>,
  token: string | undefined,
) => Promise<{ data: T; etag: string | null } | 'not_modified'>;

interface RawLogin {
  login?: string;
}
interface RawIssueDetail {
  number: number;
  title: string;
  state: string;
  html_url: string;
  created_at: string;
  body?: string | null;
  user?: RawLogin | null;
  labels?: (string | { name?: string })[];
  comments?: number;
  pull_request?: { merged_at?: string | null } | null;
}
interface RawComment {
  body?: string | null;
  user?: RawLogin | null;
  author_association?: string;
  created_at: string;
}
interface RawFile {
  filename: string;
  additions: number;
  deletions: number;
  patch?: string;
}
interface RawCommitDetail {
  sha: string;
  html_url: string;
  author?: RawLogin | null;
  commit: { message: string; author?: { date?: string; name?: string } | null };
  files?: RawFile[];
}

const data = <T>(res: { data: T } | 'not_modified'): T => {
  if (res === 'not_modified') throw new GitHubError('bad_response', 'Unexpected 304.');
  return res.data;
};
const list = <T>(value: unknown): T[] => {
  if (!Array.isArray(value))
    throw new GitHubError('bad_response', 'GitHub sent an unexpected list.');
  return value as T[];
};

export const toFile = (f: RawFile): GitHubFile => ({
  path: f.filename,
  additions: f.additions,
  deletions: f.deletions,
  patch: typeof f.patch === 'string' ? f.patch : null,
});

export const toIssueDetail = (i: RawIssueDetail): GitHubIssueDetail => ({
  ...issueHeader(i),
  body: i.body ?? null,
  author: i.user?.login ?? null,
  labels: (i.labels ?? [])
    .map((l) => (typeof l === 'string' ? l : (l.name ?? '')))
    .filter((l) => l !== ''),
  comments: i.comments ?? 0,
});

type ItemReads = Pick<
  GitHubClient,
  'getIssue' | 'listIssueComments' | 'listPullFiles' | 'listPullCommits' | 'getCommit'
>;

/** Single items of a repository: an issue or pull request with its parts, a commit. */
export function itemReads(get: Get, orNull: <T>(work: Promise<T>) => Promise<T | null>): ItemReads {
  return {
    getIssue(owner, repo, number, token) {
      return orNull(
        get<RawIssueDetail>(
          'GET /repos/{owner}/{repo}/issues/{number}',
          { owner, repo, number },
          token,
        ).then((res) => toIssueDetail(data(res))),
      );
    },

    async listIssueComments(owner, repo, number, token) {
      const res = await get<RawComment[]>(
        'GET /repos/{owner}/{repo}/issues/{number}/comments',
        { owner, repo, number, per_page: 100 },
        token,
      );
      return list<RawComment>(data(res)).map((c): GitHubComment => ({
        author: c.user?.login ?? null,
        association: c.author_association ?? 'NONE',
        body: c.body ?? '',
        createdAt: c.created_at,
      }));
    },

    async listPullFiles(owner, repo, number, token) {
      const files: GitHubFile[] = [];
      for (let page = 1; page <= 3; page += 1) {
        const res = await get<RawFile[]>(
          'GET /repos/{owner}/{repo}/pulls/{number}/files',
          { owner, repo, number, per_page: 100, page },
          token,
        );
        const raw = list<RawFile>(data(res));
        files.push(...raw.map(toFile));
        if (raw.length < 100) break;
      }
      return files;
    },

    async listPullCommits(owner, repo, number, token) {
      const res = await get<RawCommitDetail[]>(
        'GET /repos/{owner}/{repo}/pulls/{number}/commits',
        { owner, repo, number, per_page: 100 },
        token,
      );
      return list<RawCommitDetail>(data(res)).map((c): GitHubCommit => ({
        sha: c.sha,
        title: firstLine(c.commit.message, c.sha),
        htmlUrl: c.html_url,
        date: c.commit.author?.date ?? new Date(0).toISOString(),
      }));
    },

    async getCommit(owner, repo, ref, token) {
      try {
        return await orNull(
          get<RawCommitDetail>(
            'GET /repos/{owner}/{repo}/commits/{ref}',
            { owner, repo, ref },
            token,
          ).then((res): GitHubCommitDetail => {
            const c = data(res);
            return {
              sha: c.sha,
              title: firstLine(c.commit.message, c.sha),
              message: c.commit.message,
              htmlUrl: c.html_url,
              date: c.commit.author?.date ?? new Date(0).toISOString(),
              author: c.author?.login ?? c.commit.author?.name ?? null,
              files: (c.files ?? []).map(toFile),
            };
          }),
        );
      } catch (error) {
        // 422: no commit for that ref, or an ambiguous SHA prefix.
        if (error instanceof GitHubError && error.status === 422) return null;
        throw error;
      }
    },
  };
}
