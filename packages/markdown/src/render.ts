import type { Element, Root } from 'hast';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { rehypeHighlight } from './highlight';
import { safeUrl } from './safe-url';

/** Deepest element nesting a body may produce; browsers struggle with much deeper DOM trees. */
export const MAX_NESTING = 100;

export class MarkdownTooDeepError extends Error {
  constructor() {
    super(
      `the markdown nests deeper than ${MAX_NESTING} levels (quotes or lists inside each other)`,
    );
    this.name = 'MarkdownTooDeepError';
  }
}

/** Refuses a body whose quotes or lists nest deeper than MAX_NESTING. */
function rehypeDepthLimit() {
  return (tree: Root) => {
    const depthOf = (node: Root | Element, depth: number): void => {
      if (depth > MAX_NESTING) throw new MarkdownTooDeepError();
      for (const child of node.children) if (child.type === 'element') depthOf(child, depth + 1);
    };
    depthOf(tree, 0);
  };
}

/** Link and image targets keep only the protocols of spec §2; anything else is removed. */
function rehypeSafeUrls() {
  return (tree: Root) => {
    visit(tree, 'element', (node: Element) => {
      for (const attribute of ['href', 'src'] as const) {
        const value = node.properties[attribute];
        if (typeof value === 'string' && safeUrl(value) === '') delete node.properties[attribute];
      }
    });
  };
}

/**
 * Code blocks and tables may scroll sideways on a phone; keyboard users must be able to reach
 * them to scroll (WCAG 2.1.1), so they get a tab stop (tables inside a scrolling wrapper).
 */
function rehypeScrollables() {
  return (tree: Root) => {
    visit(tree, 'element', (node: Element, index, parent) => {
      if (node.tagName === 'pre') node.properties.tabIndex = 0;
      if (node.tagName === 'table' && parent && index !== undefined) {
        parent.children[index] = {
          type: 'element',
          tagName: 'div',
          properties: { className: ['table-scroll'], tabIndex: 0 },
          children: [node],
        };
      }
    });
  };
}

/**
 * A header cell with no text names no column: screen readers would announce an empty header
 * for every cell below it. Such a cell (often a table's top-left corner) becomes a data cell.
 */
function rehypeEmptyHeaderCells() {
  return (tree: Root) => {
    visit(tree, 'element', (node: Element) => {
      if (node.tagName !== 'th') return;
      const text = (function textOf(element: Element): string {
        return element.children
          .map((child) =>
            child.type === 'text' ? child.value : child.type === 'element' ? textOf(child) : '',
          )
          .join('');
      })(node);
      if (text.trim() === '') node.tagName = 'td';
    });
  };
}

/**
 * Images load only as they come near the viewport and decode off the main thread. Stored
 * images (/media/…) also get their width and height from the server (the media feature), so
 * the page keeps their box before they arrive.
 */
function rehypeLazyImages() {
  return (tree: Root) => {
    visit(tree, 'element', (node: Element) => {
      if (node.tagName !== 'img') return;
      node.properties.loading = 'lazy';
      node.properties.decoding = 'async';
    });
  };
}

/**
 * Links written by users carry rel="nofollow ugc": search engines give spam posted here no
 * credit. Links within the page (footnotes, #anchors) and relative ones are the site's own.
 */
function rehypeUserLinks() {
  return (tree: Root) => {
    visit(tree, 'element', (node: Element) => {
      if (node.tagName !== 'a') return;
      const href = node.properties.href;
      if (typeof href === 'string' && /^[a-z][a-z0-9+.-]*:/i.test(href)) {
        node.properties.rel = ['nofollow', 'ugc'];
      }
    });
  };
}

// remark-rehype already prefixes the ids it makes (footnotes) with "user-content-"; raw HTML,
// the only other way to write an id, is dropped. So the sanitizer must not prefix them again,
// or footnote links would point nowhere.
// Images may carry their size and loading hints, so HTML passed through the sanitizer again
// (stored bodies) keeps them.
const schema = {
  ...defaultSchema,
  clobberPrefix: '',
  attributes: {
    ...defaultSchema.attributes,
    img: [...(defaultSchema.attributes?.img ?? []), 'width', 'height', 'loading', 'decoding'],
    a: [...(defaultSchema.attributes?.a ?? []), 'rel'],
  },
};

// Raw HTML in the markdown is dropped (remark-rehype without allowDangerousHtml); what remains
// is sanitized with GitHub's rules before anything is added. Highlighting and the wrappers only
// add spans, classes and tab stops after that.
const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkRehype)
  .use(rehypeDepthLimit)
  .use(rehypeSanitize, schema)
  .use(rehypeSafeUrls)
  .use(rehypeHighlight)
  .use(rehypeScrollables)
  .use(rehypeEmptyHeaderCells)
  .use(rehypeLazyImages)
  .use(rehypeUserLinks)
  .use(rehypeStringify)
  .freeze();

/**
 * A breakthrough's markdown as safe HTML (throws MarkdownTooDeepError past MAX_NESTING): GitHub-flavoured markdown, sanitized, link and image
 * targets limited to http, https, irc, ircs, mailto and xmpp, code highlighted. The server
 * sends it with every article; the editor's preview runs the same code in the browser.
 */
export function renderMarkdown(content: string): string {
  return String(processor.processSync(content));
}
