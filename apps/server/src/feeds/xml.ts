/** Escapes text for XML content and attributes, dropping characters XML 1.0 cannot carry. */
export function escapeXml(value: string): string {
  return value
    .replace(
      // Control characters, lone surrogates and the non-characters U+FFFE/U+FFFF.
      // eslint-disable-next-line no-control-regex -- removing control characters is the point.
      /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
      '',
    )
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

export interface RssItem {
  title: string;
  link: string;
  description: string;
  pubDate: Date;
  categories: string[];
  creator: string;
}

export interface RssChannel {
  title: string;
  link: string;
  selfLink: string;
  description: string;
  items: RssItem[];
}

const tag = (name: string, text: string) => `<${name}>${escapeXml(text)}</${name}>`;

/** An RSS 2.0 document. */
export function renderRss(channel: RssChannel): string {
  const newest = channel.items[0]?.pubDate ?? new Date(0);
  const items = channel.items.map((item) =>
    [
      '    <item>',
      `      ${tag('title', item.title)}`,
      `      ${tag('link', item.link)}`,
      `      <guid isPermaLink="true">${escapeXml(item.link)}</guid>`,
      `      ${tag('pubDate', item.pubDate.toUTCString())}`,
      `      ${tag('dc:creator', item.creator)}`,
      ...item.categories.map((category) => `      ${tag('category', category)}`),
      `      ${tag('description', item.description)}`,
      '    </item>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '  <channel>',
    `    ${tag('title', channel.title)}`,
    `    ${tag('link', channel.link)}`,
    `    ${tag('description', channel.description)}`,
    '    <language>en</language>',
    `    <atom:link href="${escapeXml(channel.selfLink)}" rel="self" type="application/rss+xml"/>`,
    `    ${tag('lastBuildDate', newest.toUTCString())}`,
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}

export interface SitemapUrl {
  loc: string;
  lastmod?: Date;
}

/** A sitemaps.org urlset. */
export function renderUrlset(urls: SitemapUrl[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map(
      (url) =>
        `  <url><loc>${escapeXml(url.loc)}</loc>${url.lastmod ? `<lastmod>${url.lastmod.toISOString()}</lastmod>` : ''}</url>`,
    ),
    '</urlset>',
    '',
  ].join('\n');
}

/** A sitemaps.org sitemap index. */
export function renderSitemapIndex(locs: string[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...locs.map((loc) => `  <sitemap><loc>${escapeXml(loc)}</loc></sitemap>`),
    '</sitemapindex>',
    '',
  ].join('\n');
}
