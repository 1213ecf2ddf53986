import type { Actor } from '@repolog/contract/permissions';
import { can } from '@repolog/contract/permissions';
import type { Stats, StatsDay, StatsPeriod } from '@repolog/contract/stats';
import { blogResource, type BlogMemberships } from '../blogs/blogs.public.js';
import { forbidden, notFound } from '../errors.js';
import type { DayCountRow, DayRow, StatsRepository } from './stats.repository.js';

const DAY_MS = 86_400_000;

/** The days of a period ending today (UTC), oldest first, as YYYY-MM-DD. */
export function periodDays(days: StatsPeriod, now: number): string[] {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  return Array.from({ length: days }, (_, i) =>
    new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
}

const byDay = (rows: DayCountRow[]) => new Map(rows.map((row) => [row.day, Number(row.count)]));

function fillDays(
  dates: string[],
  counted: DayRow[],
  reactions: { likes: DayCountRow[]; comments: DayCountRow[]; favorites: DayCountRow[] },
): { days: StatsDay[]; botViews: number } {
  const views = new Map(counted.map((row) => [row.day, row]));
  const likes = byDay(reactions.likes);
  const comments = byDay(reactions.comments);
  const favorites = byDay(reactions.favorites);
  let botViews = 0;
  for (const row of counted) botViews += Number(row.bots);
  const days = dates.map((date) => {
    const row = views.get(date);
    return {
      date,
      views: Number(row?.views ?? 0),
      reads: Number(row?.reads ?? 0),
      likes: likes.get(date) ?? 0,
      comments: comments.get(date) ?? 0,
      favorites: favorites.get(date) ?? 0,
    };
  });
  return { days, botViews };
}

/** The writers' dashboards: answered from the daily aggregates, for the blog's members only. */
export function statsService(deps: {
  repo: StatsRepository;
  memberships: BlogMemberships;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;

  const requireMember = async (actor: Actor, blogId: number) => {
    const blog = await deps.memberships.find(blogId);
    if (!blog) throw notFound('blogs.notFound', { blogId });
    if (!can(actor, 'blog.stats', blogResource(blog))) throw forbidden('stats.membersOnly');
  };

  return {
    async article(actor: Actor, articleId: number, days: StatsPeriod): Promise<Stats> {
      const blogId = await deps.repo.blogOfArticle(articleId);
      if (blogId === undefined) throw notFound('articles.notFound');
      await requireMember(actor, blogId);
      const dates = periodDays(days, now());
      const since = dates[0] ?? '';
      const [counted, reactions, referrers] = await Promise.all([
        deps.repo.articleDays(articleId, since),
        deps.repo.reactions({ articleId }, since),
        deps.repo.articleReferrers(articleId, since),
      ]);
      return { ...fillDays(dates, counted, { ...reactions, favorites: [] }), referrers };
    },

    async blog(actor: Actor, blogId: number, days: StatsPeriod): Promise<Stats> {
      await requireMember(actor, blogId);
      const dates = periodDays(days, now());
      const since = dates[0] ?? '';
      const [counted, reactions, favorites, referrers, topArticles] = await Promise.all([
        deps.repo.blogDays(blogId, since),
        deps.repo.reactions({ blogId }, since),
        deps.repo.favorites(blogId, since),
        deps.repo.blogReferrers(blogId, since),
        deps.repo.topArticles(blogId, since),
      ]);
      return {
        ...fillDays(dates, counted, { ...reactions, favorites }),
        referrers,
        topArticles,
      };
    },
  };
}

export type StatsService = ReturnType<typeof statsService>;
