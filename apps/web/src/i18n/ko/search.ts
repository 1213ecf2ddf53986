import type { Catalog } from '../index';

/** Korean texts of full-text search (see ./index.ts). */
export const search = {
  searchResults: {
    title: '검색',
    heading: '모든 브레이크스루 검색',
    label: '검색어',
    placeholder: '단어, "구절", -제외할 단어, useEffect 같은 코드',
    submit: '검색',
    sorts: '결과 정렬',
    relevance: '관련도순',
    newest: '최신순',
    likes: '좋아요순',
    found: '“{q}” 검색 결과 {total}건',
    foundAtLeast: '“{q}” 검색 결과 {total}건 이상',
    none: '“{q}”에 맞는 브레이크스루가 없습니다.',
    didYouMean: '이것을 찾으셨나요:',
    start: '모든 브레이크스루의 제목, 본문, 문제, 해결, 태그와 코드에서 찾습니다.',
    tagged: '태그 {tag}',
    loading: '검색 중…',
    error: '오류: {message}',
  },
  tagResults: {
    title: '{tag} 태그의 브레이크스루',
    count: '{tag} 태그의 브레이크스루 {total}개',
    countAtLeast: '{tag} 태그의 브레이크스루 {total}개 이상',
    none: '아직 {tag} 태그가 달린 브레이크스루가 없습니다.',
    sorts: '브레이크스루 정렬',
    newest: '최신순',
    likes: '좋아요순',
    rss: 'RSS 피드',
    error: '오류: {message}',
  },
} satisfies Catalog;
