import type { MessageKey } from '@repolog/contract/messages';

/** Full-text search (contract: messages/search.ts). */
export const search = {
  'search.tooManyTerms': '검색어는 최대 {max}단어까지 입력할 수 있습니다.',
  'search.noWords':
    '찾을 단어를 하나 이상 입력하세요. "-"(제외)와 따옴표만으로는 검색할 수 없습니다.',
} satisfies Partial<Record<MessageKey, string>>;
