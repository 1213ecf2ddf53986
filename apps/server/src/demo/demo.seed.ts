import { NOTICE_TYPES } from '@repolog/contract/constants';
import { loadDefaultSeed } from '@repolog/github-stub/seed';
import type { Db } from '../db/client.js';
import { DEMO_ARTICLES, DEMO_SERIES, DEMO_TAGS } from './demo-articles.js';
import { demoRepository, type DemoRows } from './demo.repository.js';

interface DemoBlog {
  id: number;
  name: string;
  description: string;
  repo: string;
  owner: string;
  members: string[];
  ageDays: number;
}

const DEMO_BLOGS: DemoBlog[] = [
  {
    id: 32,
    name: 'Repolog Frontend',
    description:
      'How the Repolog web team ships a fast, accessible React 19 app: performance budgets, accessibility fixes and the stories behind our pull requests.',
    repo: 'repolog-team/frontend',
    owner: 'dana-kim',
    members: ['sora-lee', 'alex-chen'],
    ageDays: 60,
  },
  {
    id: 38,
    name: 'Repolog Backend',
    description:
      'Fastify, PostgreSQL and GitHub at scale: what the Repolog API team learned about caching, sessions and query plans.',
    repo: 'repolog-team/backend',
    owner: 'minjun-park',
    members: ['jisoo-han', 'alex-chen'],
    ageDays: 58,
  },
  {
    id: 39,
    name: 'Repolog Official',
    description: 'Notices from the Repolog team: releases, maintenance windows and community news.',
    repo: 'repolog-team/repolog-notice',
    owner: 'dana-kim',
    members: ['minjun-park'],
    ageDays: 61,
  },
  {
    id: 40,
    name: 'Ddareungi Map',
    description:
      "A community map for Seoul's public bikes: station clustering, offline tiles and real-time availability on phones.",
    repo: 'hanriver-labs/ddareungi-map',
    owner: 'minjun-park',
    members: ['sora-lee', 'torvalds-fan'],
    ageDays: 20,
  },
];

/** [who, article, hours ago] */
const LIKES: [string, number, number][] = [
  ['sora-lee', 25, 4],
  ['alex-chen', 25, 3],
  ['minjun-park', 25, 2],
  ['jisoo-han', 25, 1],
  ['dana-kim', 30, 2],
  ['minjun-park', 30, 2],
  ['sora-lee', 30, 1],
  ['dana-kim', 28, 6],
  ['alex-chen', 28, 5],
  ['dana-kim', 24, 20],
  ['jisoo-han', 24, 12],
  ['alex-chen', 29, 30],
  ['dana-kim', 29, 28],
  ['dana-kim', 23, 100],
  ['minjun-park', 23, 120],
  ['jisoo-han', 33, 9],
  ['alex-chen', 26, 200],
  ['jisoo-han', 31, 300],
];

/** [who, blog, hours ago] */
const FAVORITES: [string, number, number][] = [
  ['minjun-park', 32, 5],
  ['jisoo-han', 32, 3],
  ['dana-kim', 38, 7],
  ['sora-lee', 38, 50],
  ['dana-kim', 40, 2],
  ['alex-chen', 40, 4],
  ['jisoo-han', 40, 6],
  ['sora-lee', 39, 100],
];

/** [who, article, hours ago, text] */
const COMMENTS: [string, number, number, string][] = [
  ['sora-lee', 25, 3, 'The before/after table is the best part. Did you measure INP as well?'],
  [
    'minjun-park',
    25,
    2,
    'We should do the same for the admin pages — the editor chunk is still eager there.',
  ],
  [
    'dana-kim',
    25,
    1,
    '@sora-lee INP went from 180 ms to 120 ms on the article page. I will add it to the table.',
  ],
  ['dana-kim', 28, 5, 'A join is even nicer than the batch. Did the query plan change much?'],
  ['alex-chen', 30, 2, 'The 304-costs-nothing trick saved us. Webhooks next?'],
  [
    'jisoo-han',
    23,
    90,
    'Nice hook. Consider cancelling the in-flight request with AbortController too.',
  ],
  ['sora-lee', 35, 20, '롤백 스크립트를 먼저 만든 게 핵심이네요. 저희 앱 배포에도 적용해 볼게요!'],
];

/** [recipient, instigator, type, blog or article id, hours ago, viewed] */
const NOTICES: [string, string, keyof typeof NOTICE_TYPES, number, number, boolean][] = [
  ['dana-kim', 'jisoo-han', 'favorited', 32, 3, false],
  ['dana-kim', 'sora-lee', 'comment', 25, 3, false],
  ['dana-kim', 'sora-lee', 'liked', 25, 4, false],
  ['dana-kim', 'minjun-park', 'comment', 25, 2, false],
  ['dana-kim', 'alex-chen', 'liked', 25, 3, true],
  ['dana-kim', 'minjun-park', 'favorited', 32, 5, true],
  ['minjun-park', 'dana-kim', 'liked', 28, 6, false],
  ['minjun-park', 'dana-kim', 'comment', 28, 5, false],
  ['minjun-park', 'dana-kim', 'favorited', 38, 7, true],
  ['sora-lee', 'dana-kim', 'invitation', 32, 24 * 59, true],
  ['alex-chen', 'minjun-park', 'invitation', 38, 24 * 57, true],
  ['alex-chen', 'dana-kim', 'liked', 24, 20, false],
];

const hoursAgo = (now: Date, hours: number) => new Date(now.getTime() - hours * 3_600_000);

/**
 * Builds the demo data: the stand-in's accounts, the official blog 39, the developer blogs 32
 * and 38, another team blog, breakthroughs (article 25 among them), likes, favorites, comments
 * and notifications — so every page of the product has something real to show.
 */
export function buildDemoRows(githubWebUrl: string, now: Date = new Date()): DemoRows {
  const seed = loadDefaultSeed();
  const articleIds = new Set(DEMO_ARTICLES.map((a) => a.id));
  const blogOf = new Map(DEMO_ARTICLES.map((a) => [a.id, a.blogId]));
  const isArticleType = (type: keyof typeof NOTICE_TYPES) => type === 'liked' || type === 'comment';
  return {
    users: seed.users.map((u) => ({
      githubId: u.id,
      userName: u.login,
      displayName: u.name,
      avatarUrl: null,
      signedUpAt: u.canSignIn ? hoursAgo(now, 24 * 62) : null,
      createdAt: hoursAgo(now, 24 * 62),
    })),
    blogs: DEMO_BLOGS.map((b) => ({
      id: b.id,
      name: b.name,
      description: b.description,
      gitRepoUrl: `${githubWebUrl}/${b.repo}`,
      repoKey: b.repo.toLowerCase(),
      repoPrivate: false,
      ownerId: 0,
      createdAt: hoursAgo(now, 24 * b.ageDays),
      updatedAt: hoursAgo(now, 24 * b.ageDays),
    })),
    members: DEMO_BLOGS.flatMap((b) =>
      [b.owner, ...b.members].map((login, index) => ({
        blogId: b.id,
        login,
        addedAt: hoursAgo(now, 24 * b.ageDays - index),
      })),
    ),
    articles: DEMO_ARTICLES.map((a) => ({
      id: a.id,
      blogId: a.blogId,
      author: a.author,
      title: a.title,
      content: a.content,
      about: a.about,
      problem: a.problem,
      solution: a.solution,
      tags: DEMO_TAGS[a.id] ?? [],
      createdAt: hoursAgo(now, a.ageHours),
      updatedAt: hoursAgo(now, a.ageHours),
    })),
    likes: LIKES.filter(([, id]) => articleIds.has(id)).map(([login, articleId, h]) => ({
      login,
      articleId,
      createdAt: hoursAgo(now, h),
    })),
    favorites: FAVORITES.map(([login, blogId, h]) => ({
      login,
      blogId,
      createdAt: hoursAgo(now, h),
    })),
    comments: COMMENTS.map(([login, articleId, h, content]) => ({
      login,
      articleId,
      content,
      createdAt: hoursAgo(now, h),
    })),
    notifications: NOTICES.map(([recipient, instigator, type, target, h, viewed]) => ({
      recipient,
      instigator,
      type: NOTICE_TYPES[type],
      blogId: isArticleType(type) ? (blogOf.get(target) ?? null) : target,
      articleId: isArticleType(type) ? target : null,
      // The same keys the notifications module uses, so a later real like is not notified twice.
      dedupeKey:
        type === 'liked'
          ? `like:${target}:{instigator}`
          : type === 'favorited'
            ? `favorite:${target}:{instigator}`
            : null,
      isViewed: viewed,
      createdAt: hoursAgo(now, h),
    })),
    series: DEMO_SERIES.map(({ ageHours, ...s }) => ({ ...s, createdAt: hoursAgo(now, ageHours) })),
  };
}

/** Seeds an empty database with the demo data; does nothing once any user exists. */
export async function seedDemoData(db: Db, githubWebUrl: string): Promise<boolean> {
  const repo = demoRepository(db);
  if (!(await repo.isEmpty())) return false;
  const owners = Object.fromEntries(DEMO_BLOGS.map((b) => [b.id, b.owner]));
  await repo.transaction((tx) => repo.insert(buildDemoRows(githubWebUrl), owners, tx));
  return true;
}
