import type { Catalog } from '../index';

/** Korean texts of the writers' stats (see ./index.ts). */
export const stats = {
  statsPage: {
    title: '통계',
    of: '{name} 통계',
    yourBlogs: '내 블로그',
    noBlogs: '아직 운영하는 블로그가 없습니다. 블로그를 만들면 여기에 통계가 나타납니다.',
    loading: '블로그를 불러오는 중…',
    notFound: '여기에는 아무것도 없습니다.',
    blogStats: '이 블로그의 통계 열기',
    counted:
      '조회는 독자가 브레이크스루를 연 횟수입니다(같은 독자는 30분에 한 번만 셉니다). 읽음은 독자가 머물며 본문 대부분을 스크롤한 경우입니다. 알려진 봇은 따로 셉니다.',
  },
  statsDashboard: {
    period: '기간',
    days: '{days}일',
    loading: '통계를 불러오는 중…',
    views: '조회',
    reads: '읽음',
    readRatio: '읽음 비율',
    likes: '좋아요',
    comments: '댓글',
    favorites: '즐겨찾기',
    botViews: '봇 조회(독자로 세지 않음)',
    readersChart: '일별 조회와 읽음',
    reactionsChart: '일별 좋아요, 댓글, 즐겨찾기',
    referrers: '독자가 들어온 곳',
    domain: '도메인',
    direct: '직접 방문 또는 알 수 없음',
    other: '기타',
    noReferrers: '이 기간에는 아직 조회가 없습니다.',
    top: '가장 많이 읽힌 브레이크스루',
    noTop: '이 기간에 조회된 브레이크스루가 아직 없습니다.',
    breakthrough: '브레이크스루',
  },
  statsChart: {
    showTable: '표로 보기',
    showChart: '차트로 보기',
    date: '날짜',
  },
} satisfies Partial<Catalog>;
