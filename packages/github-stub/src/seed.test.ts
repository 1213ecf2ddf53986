import { describe, expect, it } from 'vitest';
import { loadDefaultSeed, parseSeed } from './seed';
import { createState, isAffiliated } from './state';

describe('bundled seed', () => {
  const seed = loadDefaultSeed();
  const state = createState(seed);

  it('has five demo accounts that sign in and two that never do', () => {
    expect(seed.users.filter((u) => u.canSignIn).map((u) => u.login)).toEqual([
      'dana-kim',
      'minjun-park',
      'sora-lee',
      'alex-chen',
      'jisoo-han',
    ]);
    expect(seed.users.filter((u) => !u.canSignIn).map((u) => u.login)).toEqual([
      'octocat',
      'torvalds-fan',
    ]);
  });

  it('gives every demo account at least two repositories', () => {
    for (const user of seed.users.filter((u) => u.canSignIn)) {
      const repos = state.repos.filter((r) => isAffiliated(r, user.login));
      expect(repos.length, user.login).toBeGreaterThanOrEqual(2);
    }
  });

  it('has the showcase repositories, two private ones, and a realistic history everywhere', () => {
    const names = state.repos.map((r) => `${r.owner}/${r.name}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'repolog-team/repolog-notice',
        'repolog-team/frontend',
        'repolog-team/backend',
      ]),
    );
    expect(state.repos.length).toBeGreaterThanOrEqual(8);
    expect(state.repos.filter((r) => r.private)).toHaveLength(2);
    for (const repo of state.repos) {
      const issues = repo.issues.filter((i) => !i.pullRequest).length;
      const pulls = repo.issues.filter((i) => i.pullRequest).length;
      expect(issues, repo.name).toBeGreaterThanOrEqual(6);
      expect(issues, repo.name).toBeLessThanOrEqual(20);
      expect(pulls, repo.name).toBeGreaterThanOrEqual(3);
      expect(pulls, repo.name).toBeLessThanOrEqual(8);
      expect(repo.commits.length, repo.name).toBeGreaterThanOrEqual(8);
      expect(repo.commits.length, repo.name).toBeLessThanOrEqual(25);
      expect(new Set(repo.issues.map((i) => i.state))).toEqual(new Set(['open', 'closed']));
      const years = new Set(repo.issues.map((i) => i.createdAt.slice(0, 4)));
      expect([...years].every((y) => y === '2025' || y === '2026')).toBe(true);
    }
  });

  it('is deterministic: numbers follow creation order, SHAs are stable', () => {
    const again = createState(loadDefaultSeed());
    expect(again.repos[1]?.commits.map((c) => c.sha)).toEqual(
      state.repos[1]?.commits.map((c) => c.sha),
    );
    const frontend = state.repos.find((r) => r.name === 'frontend');
    const created = frontend?.issues.map((i) => Date.parse(i.createdAt)) ?? [];
    expect(created).toEqual([...created].sort((a, b) => a - b));
    expect(frontend?.issues.map((i) => i.number)).toEqual(created.map((_, i) => i + 1));
  });

  it('hands out independent copies', () => {
    const copy = loadDefaultSeed();
    copy.users.pop();
    expect(loadDefaultSeed().users).toHaveLength(7);
  });
});

describe('parseSeed', () => {
  const minimal = {
    users: [{ id: 1, login: 'ana', name: 'Ana', canSignIn: true }],
    repos: [
      {
        id: 10,
        owner: 'ana',
        name: 'notes',
        private: false,
        description: 'Notes',
        createdAt: '2025-01-01T00:00:00Z',
        collaborators: [],
        issues: [{ title: 'A', user: 'ana', state: 'open', createdAt: '2025-01-02T00:00:00Z' }],
        commits: [{ message: 'init', author: 'ana', date: '2025-01-01T00:00:00Z' }],
      },
    ],
  };

  it('accepts a valid seed', () => {
    expect(parseSeed(minimal).repos[0]?.issues[0]?.title).toBe('A');
  });

  it('rejects dangling references and bad states with the path of the problem', () => {
    const badUser = structuredClone(minimal);
    badUser.repos[0]!.issues[0]!.user = 'ghost';
    expect(() => parseSeed(badUser)).toThrow(/repos\[0\]\.issues\[0\]\.user/);
    const badState = structuredClone(minimal);
    badState.repos[0]!.issues[0]!.state = 'merged';
    expect(() => parseSeed(badState)).toThrow(/state must be open or closed/);
    const badCollaborator = structuredClone(minimal) as { repos: { collaborators: string[] }[] };
    badCollaborator.repos[0]!.collaborators = ['nobody'];
    expect(() => parseSeed(badCollaborator)).toThrow(/collaborators\[0\]/);
  });
});
