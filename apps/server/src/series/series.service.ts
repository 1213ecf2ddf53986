import type { ArticleSeries, Series, SeriesSummary } from '@repolog/contract/series';
import { can, type Actor } from '@repolog/contract/permissions';
import type { ArticleLists } from '../articles/articles.public.js';
import { blogResource, type BlogMemberships } from '../blogs/blogs.public.js';
import { badRequest, forbidden, notFound } from '../errors.js';
import type { SeriesRepository } from './series.repository.js';

/** Series of a blog's breakthroughs (issue 21): anyone reads them, its members change them. */
export function seriesService(deps: {
  repo: SeriesRepository;
  memberships: Pick<BlogMemberships, 'find'>;
  lists: Pick<ArticleLists, 'items'>;
  /** A series of the blog changed: its page and the pages of these breakthroughs go stale. */
  onChanged: (blogId: number, articleIds: number[]) => void;
}) {
  const { repo, memberships, lists, onChanged } = deps;

  /** The blog, when `actor` is one of its members; 404 without the blog, 403 for others. */
  const memberBlog = async (actor: Actor, blogId: number) => {
    const blog = await memberships.find(blogId);
    if (!blog) throw notFound('blogs.gone');
    if (!can(actor, 'blog.write', blogResource(blog))) throw forbidden('series.membersOnly');
    return blog;
  };

  const existing = async (seriesId: number) => {
    const row = await repo.find(seriesId);
    if (!row) throw notFound('series.notFound', { seriesId });
    return row;
  };

  /** The ids as sent, each once, every one a breakthrough of the blog; else 400 naming one. */
  const checkedIds = async (blogId: number, sent: readonly number[]) => {
    const ids = [...new Set(sent)];
    const found = new Set(await repo.articlesOfBlog(blogId, ids));
    const stranger = ids.find((id) => !found.has(id));
    if (stranger !== undefined) throw badRequest('series.notInBlog', { articleId: stranger });
    return ids;
  };

  const get = async (seriesId: number): Promise<Series> => {
    const row = await existing(seriesId);
    const parts = await repo.parts(seriesId);
    return {
      seriesId: row.id,
      blogId: row.blogId,
      blogName: row.blogName,
      name: row.name,
      items: await lists.items(parts.map((part) => part.articleId)),
    };
  };

  return {
    get,

    async listOfBlog(blogId: number): Promise<SeriesSummary[]> {
      if (!(await memberships.find(blogId))) throw notFound('blogs.gone');
      return (await repo.listOfBlog(blogId)).map((row) => ({
        seriesId: row.id,
        blogId,
        name: row.name,
        count: row.count,
      }));
    },

    /** The series a breakthrough is part of, with its place and every part's title. */
    async ofArticle(articleId: number): Promise<ArticleSeries> {
      const seriesId = await repo.seriesOfArticle(articleId);
      const row = seriesId === undefined ? undefined : await repo.find(seriesId);
      if (!row) return { series: null };
      const parts = await repo.parts(row.id);
      const position = parts.findIndex((part) => part.articleId === articleId) + 1;
      if (position === 0) return { series: null };
      return { series: { seriesId: row.id, blogId: row.blogId, name: row.name, position, parts } };
    },

    async create(
      actor: Actor,
      blogId: number,
      input: { name: string; articleIds?: number[] | undefined },
    ): Promise<Series> {
      await memberBlog(actor, blogId);
      const ids = await checkedIds(blogId, input.articleIds ?? []);
      const seriesId = await repo.transaction(async (tx) => {
        const id = await repo.insert(blogId, input.name, tx);
        await repo.setParts(id, ids, tx);
        return id;
      });
      onChanged(blogId, ids);
      return get(seriesId);
    },

    async update(
      actor: Actor,
      seriesId: number,
      input: { name?: string | undefined; articleIds?: number[] | undefined },
    ): Promise<Series> {
      const row = await existing(seriesId);
      await memberBlog(actor, row.blogId);
      const before = (await repo.parts(seriesId)).map((part) => part.articleId);
      const ids =
        input.articleIds === undefined ? undefined : await checkedIds(row.blogId, input.articleIds);
      await repo.transaction(async (tx) => {
        if (input.name !== undefined) await repo.rename(seriesId, input.name, tx);
        if (ids !== undefined) await repo.setParts(seriesId, ids, tx);
      });
      onChanged(row.blogId, [...before, ...(ids ?? [])]);
      return get(seriesId);
    },

    async delete(actor: Actor, seriesId: number): Promise<{ message: string }> {
      const row = await existing(seriesId);
      await memberBlog(actor, row.blogId);
      const before = (await repo.parts(seriesId)).map((part) => part.articleId);
      await repo.delete(seriesId);
      onChanged(row.blogId, before);
      return { message: 'The series is deleted.' };
    },
  };
}

export type SeriesService = ReturnType<typeof seriesService>;
