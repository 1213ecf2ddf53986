import type { Catalog } from '../index';

/** Korean texts of the errors area (see ./index.ts), and of the shared helpers in src/lib. */
export const errors = {
  apiClient: {
    timeout: '서버의 응답이 너무 늦습니다.',
    cancelled: '요청이 취소되었습니다.',
    network: '네트워크 오류',
    notJson: '서버가 JSON이 아닌 응답을 보냈습니다.',
    requestFailed: '요청이 실패했습니다({status}).',
    unexpected: '서버가 예상하지 못한 응답을 보냈습니다.',
  },
  useDocumentTitle: { siteTitle: 'Repolog — 저장소에서 만드는 팀 기술 블로그' },
} satisfies Catalog;
