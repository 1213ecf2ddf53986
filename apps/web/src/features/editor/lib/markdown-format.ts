export type MarkdownFormat = 'heading' | 'bold' | 'italic' | 'code' | 'codeBlock' | 'link' | 'list';

export interface Edit {
  value: string;
  /** The selection to restore after the edit. */
  start: number;
  end: number;
}

const wrap = (
  value: string,
  start: number,
  end: number,
  before: string,
  after: string,
  fallback: string,
): Edit => {
  const selected = value.slice(start, end) || fallback;
  const next = value.slice(0, start) + before + selected + after + value.slice(end);
  return {
    value: next,
    start: start + before.length,
    end: start + before.length + selected.length,
  };
};

/** Prefixes every line touched by the selection. */
const prefixLines = (value: string, start: number, end: number, prefix: string): Edit => {
  const lineStart = value.lastIndexOf('\n', start - 1) + 1;
  const block = value.slice(lineStart, end);
  const prefixed = block
    .split('\n')
    .map((line) => prefix + line)
    .join('\n');
  const next = value.slice(0, lineStart) + prefixed + value.slice(end);
  return { value: next, start: start + prefix.length, end: lineStart + prefixed.length };
};

/** Applies a toolbar action to the text around the selection [start, end). */
export function applyFormat(
  value: string,
  start: number,
  end: number,
  format: MarkdownFormat,
): Edit {
  switch (format) {
    case 'heading':
      return prefixLines(value, start, end, '## ');
    case 'list':
      return prefixLines(value, start, end, '- ');
    case 'bold':
      return wrap(value, start, end, '**', '**', 'bold text');
    case 'italic':
      return wrap(value, start, end, '_', '_', 'italic text');
    case 'code':
      return wrap(value, start, end, '`', '`', 'code');
    case 'codeBlock': {
      const before = start > 0 && value[start - 1] !== '\n' ? '\n```\n' : '```\n';
      return wrap(value, start, end, before, '\n```\n', 'code');
    }
    case 'link': {
      const selected = value.slice(start, end) || 'link text';
      const inserted = `[${selected}](https://)`;
      const next = value.slice(0, start) + inserted + value.slice(end);
      const urlStart = start + selected.length + 3;
      return { value: next, start: urlStart, end: urlStart + 'https://'.length };
    }
  }
}
