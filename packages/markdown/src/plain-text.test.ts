import { describe, expect, it } from 'vitest';
import { markdownToText } from './plain-text';

describe('markdownToText', () => {
  it('keeps the words and drops the markup', () => {
    expect(
      markdownToText(
        [
          '# Title',
          '',
          '> quoted *emphasis* and snake_case_name',
          '',
          '- item one',
          '1. item two',
          '',
          '```ts',
          'const hidden = 1;',
          '```',
          '',
          '| a | b |',
          '|---|---|',
          '| 1 | 2 |',
          '',
          '![diagram](x.png) <b>bold</b> ~~old~~ __strong__',
        ].join('\n'),
      ),
    ).toBe(
      'Title quoted emphasis and snake_case_name item one item two a b 1 2 diagram bold old strong',
    );
  });
});
