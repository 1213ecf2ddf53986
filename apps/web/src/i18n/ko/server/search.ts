import type { MessageKey } from '@repolog/contract/messages';

/** Full-text search (contract: messages/search.ts). */
export const search = {
  'search.tooManyTerms': '검색어는 최대 {max}단어까지 입력할 수 있습니다.',
  'search.noWords':
    '찾을 단어를 하나 이상 입력하세요. "-"(제외)와 따옴표만으로는 검색할 수 없습니다.',
} satisfies Partial<Record<MessageKey, string>>;

/** Tags and series (contract: messages/tags.ts). */
export const tags = {
  'tags.invalid':
    '태그 "{tag}"은(는) 쓸 수 없습니다. 태그는 1–30자의 소문자, 숫자와 + # . - 로 이루어집니다.',
  'tags.tooMany': '브레이크스루 하나에 태그는 최대 {max}개까지 달 수 있습니다.',
  'series.notFound': 'id가 {seriesId}인 시리즈가 없습니다.',
  'series.membersOnly': '이 블로그의 멤버만 시리즈를 바꿀 수 있습니다.',
  'series.notInBlog': '브레이크스루 {articleId}은(는) 이 블로그의 글이 아닙니다.',
} satisfies Partial<Record<MessageKey, string>>;
