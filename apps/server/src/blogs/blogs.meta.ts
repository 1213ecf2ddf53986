import type { MetaProvider } from '../pages/pages.public.js';
import type { BlogsService } from './blogs.service.js';

/** Longest meta description; search engines show about this much. */
const DESCRIPTION_CHARS = 200;

const BLOG_PAGE = /^\/blog\/(\d{1,10})\/?$/;

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = [...flat];
  return chars.length <= DESCRIPTION_CHARS
    ? flat
    : `${chars
        .slice(0, DESCRIPTION_CHARS - 1)
        .join('')
        .trimEnd()}…`;
}

/** Page meta for /blog/{blogId}: "<blog name> · Repolog", its description, its address. */
export function blogMetaProvider(blogs: BlogsService, publicUrl: string): MetaProvider {
  return async (request) => {
    const match = BLOG_PAGE.exec(request.url.split('?')[0] ?? '');
    const blogId = Number(match?.[1]);
    if (!match || blogId < 1 || blogId > 2_147_483_647) return undefined;
    const blog = await blogs.summary(blogId);
    if (!blog) return undefined;
    return {
      title: `${blog.name} · Repolog`,
      description: shorten(blog.description),
      url: `${publicUrl}/blog/${blogId}`,
    };
  };
}
