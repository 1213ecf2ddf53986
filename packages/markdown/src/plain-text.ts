/**
 * Markdown -> one line of plain text, for feed descriptions and page meta tags (the server
 * stores it with each article when the body is written). Not a full markdown parser: it drops
 * code blocks, HTML and link targets, keeps the words people read.
 */
export function markdownToText(markdown: string): string {
  return (
    markdown
      .replace(/\r\n?/g, '\n')
      // Fenced code blocks say little out of context.
      .replace(/^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?(^ {0,3}\1[^\S\n]*$|(?![\s\S]))/gm, ' ')
      .replace(/<!--[\s\S]*?-->/g, ' ')
      .replace(/<\/?[a-zA-Z][^>]*>/g, ' ')
      // Images keep their alt text, links their text; reference definitions go.
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]*)\]\[[^\]]*\]/g, '$1')
      .replace(/^ {0,3}\[[^\]]+\]:\s*\S+.*$/gm, ' ')
      // Block markers: headings, quotes, list bullets, rules, table rules.
      .replace(/^ {0,3}#{1,6}[^\S\n]+/gm, '')
      .replace(/^ {0,3}(?:>[^\S\n]?)+/gm, '')
      .replace(/^[^\S\n]*(?:[-*+]|\d{1,9}[.)])[^\S\n]+/gm, '')
      .replace(/^[^\S\n]*(?:[-*_][^\S\n]*){3,}$/gm, ' ')
      .replace(
        /^[^\S\n]*\|?[^\S\n]*:?-{3,}:?[^\S\n]*(?:\|[^\S\n]*:?-{3,}:?[^\S\n]*)*\|?[^\S\n]*$/gm,
        ' ',
      )
      .replace(/\|/g, ' ')
      // Inline marks.
      .replace(/`+([^`]*)`+/g, '$1')
      .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '$2')
      .replace(/(^|[^\w*])\*(?=\S)([^*]*?\S)\*(?!\w)/g, '$1$2')
      .replace(/(^|\W)_(?=\S)([^_]*?\S)_(?!\w)/g, '$1$2')
      .replace(/~~(?=\S)([\s\S]*?\S)~~/g, '$1')
      .replace(/\s+/g, ' ')
      .trim()
  );
}
