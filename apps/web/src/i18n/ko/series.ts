import type { Catalog } from '../index';

/** Korean texts of series and popular tags (see ./index.ts). */
export const series = {
  seriesView: {
    title: '시리즈',
    inBlog: '{blog}의 시리즈',
    parts: '{count}편',
    empty: '이 시리즈에는 아직 브레이크스루가 없습니다.',
    notFound: '이 시리즈는 없습니다.',
    edit: '시리즈 편집',
    error: '오류: {message}',
  },
  seriesEditor: {
    name: '시리즈 이름',
    parts: '읽는 순서대로의 브레이크스루',
    dragHint: '브레이크스루를 끌어 놓거나 위로/아래로 버튼으로 순서를 바꾸세요.',
    moveUp: '{title} 위로 이동',
    moveDown: '{title} 아래로 이동',
    remove: '시리즈에서 {title} 빼기',
    up: '위로',
    down: '아래로',
    drop: '빼기',
    add: '브레이크스루 추가',
    choose: '이 블로그의 브레이크스루를 고르세요',
    save: '시리즈 저장',
    saving: '저장 중…',
    cancel: '취소',
    delete: '시리즈 삭제',
    moved: '{title}이(가) 이제 {position}편입니다.',
    error: '오류: {message}',
  },
  blogSeries: {
    heading: '시리즈',
    parts: '{count}편',
    name: '새 시리즈 이름',
    create: '새 시리즈',
    error: '오류: {message}',
  },
  popularTags: {
    heading: '인기 태그',
    count: '브레이크스루 {count}개',
  },
} satisfies Catalog;
