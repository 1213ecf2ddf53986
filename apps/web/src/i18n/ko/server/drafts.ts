import type { MessageKey } from '@repolog/contract/messages';

/** Drafts, and why a live co-editing connection ended (contract: messages/drafts.ts). */
export const drafts = {
  'drafts.notFound': '이 초안이 존재하지 않거나, 멤버가 아닌 블로그의 초안입니다.',
  'drafts.blogNotFound': '이 블로그가 존재하지 않거나, 초안이 블로그 멤버에게만 공개됩니다.',
  'drafts.changed':
    '내가 변경을 시작한 버전 이후에 다른 사람이(또는 다른 탭에서) 이 초안을 저장했습니다. 지금 상태의 초안을 보여 드립니다. 다른 사람이 쓴 내용은 덮어쓰지 않았습니다.',
  'drafts.editExists':
    '이 브레이크스루에는 이미 작성 중인 저장되지 않은 변경 사항이 있습니다. 그 내용을 보여 드립니다.',
  'drafts.articleNotInBlog': 'articleId: ID가 {articleId}인 브레이크스루가 이 블로그에 없습니다.',
  'drafts.deleteNotAllowed': '이 초안을 시작한 멤버나 블로그 소유자만 삭제할 수 있습니다.',
  'drafts.notPostable': '이 초안은 아직 게시할 수 없습니다.',
  'live.malformed': '이 메시지는 이 초안의 변경 내용이 아닙니다.',
  'live.signedOut': '세션이 종료되었습니다. 계속 수정하려면 다시 로그인하세요.',
  'live.foreignOrigin': '이 연결은 Repolog 페이지에서 온 것이 아닙니다(Origin 확인 실패).',
  'live.removed': '더 이상 이 블로그의 멤버가 아닙니다.',
  'live.suspended': '계정이 정지되어 이 초안을 읽을 수는 있지만 수정할 수는 없습니다.',
  'live.notFound': '이 초안이 존재하지 않거나, 이 초안이 속한 블로그의 멤버가 아닙니다.',
  'live.posted': '이 초안은 게시되었습니다.',
  'live.deleted': '이 초안은 삭제되었습니다.',
  'live.tooLarge': '한 번에 보내기에는 변경 내용이 너무 큽니다(1MB 초과).',
  'live.tooFast': '한꺼번에 너무 많이 변경했습니다. 계속하려면 초안을 다시 여세요.',
} satisfies Partial<Record<MessageKey, string>>;
