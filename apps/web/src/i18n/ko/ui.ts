import type { Catalog } from '../index';

/**
 * Korean texts of the ui area (see ./index.ts): the shared components (src/components), the home
 * page's parts, user profiles and notifications.
 */
export const ui = {
  carousel: {
    carousel: '캐러셀',
    slide: '슬라이드',
    position: '{index} / {total}',
    play: '슬라이드쇼 재생',
    pause: '슬라이드쇼 일시정지',
    show: '슬라이드 {index}/{total} 보기',
  },
  cutNotice: {
    notice: '{what}은(는) 최대 {max}자까지 입력할 수 있어 붙여넣은 내용의 끝부분은 제외했습니다.',
  },
  demoBanner: {
    label: '데모 모드',
    text: '데모 모드: 데모 계정 중 하나로 로그인하세요. 이곳의 저장소, 사람, 게시물은 모두 가상입니다.',
    dismiss: '닫기',
  },
  dropdownSelect: { clear: '{name} 지우기', choice: '선택' },
  errorBoundary: {
    title: '문제가 발생했습니다',
    error: '오류: {message}',
    home: '홈으로 이동',
  },
  listCounts: {
    likes: { other: '좋아요 {count}개' },
    comments: { other: '댓글 {count}개' },
  },
  pagination: {
    label: '페이지 이동',
    previous: '이전',
    next: '다음',
    page: '페이지',
    current: '페이지 ',
    of: ', 전체 ',
  },
  searchBox: { search: '검색' },
  bannerCarousel: {
    label: '추천',
    officialKicker: '공식',
    officialText: 'Repolog를 만드는 팀이 전하는 릴리스, 공지, 커뮤니티 소식.',
    officialAction: '공지 읽기',
    promiseKicker: '저장소 → 기술 블로그',
    promiseTitle: '저장소를 실시간 협업 기술 블로그로 바꾸세요',
    promiseTagLinked: '저장소 연동',
    promiseTagIssues: '이슈 → 브레이크스루',
    promiseTagTeam: '팀 운영',
    featuredKicker: '추천 브레이크스루',
    featuredText: '이슈와 커밋에서 팀이 함께 읽는 이야기로.',
    featuredAction: '브레이크스루 읽기',
  },
  favoritesSection: {
    title: '내가 좋아한 브레이크스루와 즐겨찾기한 블로그',
    likedTitle: '좋아요한 브레이크스루',
    likedText: '하트를 누른 모든 브레이크스루입니다.',
    followedTitle: '즐겨찾기한 블로그',
    followedText: '즐겨찾기에 추가한 팀 블로그입니다.',
  },
  topStrip: { previous: '이전 카드', next: '다음 카드' },
  topStrips: {
    loading: '불러오는 중…',
    error: '오류: {message}',
    articlesTitle: '오늘의 브레이크스루 TOP 10',
    articlesEmpty: '브레이크스루가 없습니다!',
    blogsTitle: '오늘의 블로그 TOP 10',
    blogsEmpty: '블로그가 없습니다!',
  },
  noticeMessage: {
    invitation: "{who} 님이 블로그 '{blog}'에 초대했습니다.",
    favorited: "{who} 님이 블로그 '{blog}'을(를) 즐겨찾기에 추가했습니다.",
    liked: "{who} 님이 내 브레이크스루 '{title}'에 좋아요를 눌렀습니다.",
    comment: "{who} 님이 내 브레이크스루 '{title}'에 댓글을 남겼습니다.",
    pullDraft: '{who} 님의 풀 리퀘스트 #{n}이(가) 병합되었습니다: 초안이 기다리고 있습니다.',
    other: '{who} 님이 새 알림을 보냈습니다',
  },
  notificationList: { unread: ' (읽지 않음)' },
  notificationPanel: {
    label: '알림',
    unread: '새 알림',
    none: '새 알림 없음',
    more: '더 보기',
  },
  userBreakthroughs: {
    title: '브레이크스루 ({total})',
    error: '오류: {message}',
    empty: '아직 브레이크스루가 없습니다.',
    pages: '브레이크스루 페이지',
  },
  userProfile: {
    notFoundTitle: '사용자를 찾을 수 없음',
    title: '사용자',
    notFound: '사용자를 찾을 수 없습니다.',
    failed: '프로필을 불러올 수 없습니다.',
    loading: '불러오는 중…',
    blogs: '블로그',
    noBlogs: '아직 멤버로 속한 블로그가 없습니다.',
    owner: '소유자',
    breakthroughs: '브레이크스루',
    likesReceived: '받은 좋아요',
    comments: '댓글',
  },
} satisfies Catalog;
