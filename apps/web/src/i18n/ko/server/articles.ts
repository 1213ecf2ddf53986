import type { MessageKey } from '@repolog/contract/messages';

/** Breakthroughs, likes, revisions, comments, notifications (contract: messages/articles.ts). */
export const articles = {
  'articles.notFound': '이 브레이크스루는 존재하지 않습니다.',
  'articles.noSuchId': 'ID가 {articleId}인 브레이크스루가 없습니다.',
  'articles.unrenderable':
    'content: 이 마크다운은 표시할 수 없습니다(중첩이 너무 깊거나 렌더링에 너무 오래 걸립니다). 더 단순하게 고치세요.',
  'articles.tooManyRenders':
    '이미 여러 브레이크스루를 한꺼번에 저장하고 있습니다. 저장이 끝난 뒤 다시 시도하세요.',
  'articles.rendererBusy':
    '서버가 다른 브레이크스루를 저장하느라 바쁩니다. 몇 초 뒤 다시 시도하세요.',
  'articles.membersOnlyWrite': '이 블로그의 멤버만 브레이크스루를 쓸 수 있습니다.',
  'articles.authorsOnlyEdit': '작성자와 공동 저자만 이 브레이크스루를 수정할 수 있습니다.',
  'articles.cannotMove':
    'blogId는 이 브레이크스루가 속한 블로그의 ID({blogId})여야 합니다. 브레이크스루는 다른 블로그로 옮길 수 없습니다.',
  'articles.authorOnlyDelete': '작성자만 이 브레이크스루를 삭제할 수 있습니다.',
  'likes.articleMismatch':
    '요청 본문의 articleId({bodyArticleId})는 경로의 브레이크스루 ID({articleId})와 같아야 합니다.',
  'revisions.historyNotFound':
    '이 브레이크스루가 존재하지 않거나, 수정 내역이 블로그 멤버에게만 공개됩니다.',
  'revisions.notFound': '이 브레이크스루에는 해당 버전이 없습니다.',
  // The reason is a Korean sentence with its own full stop.
  'revisions.unrestorable': '이 버전은 복원할 수 없습니다: {reason}',
  'comments.notFound': 'ID가 {commentId}인 댓글이 없습니다.',
  'comments.notOnArticle': 'ID가 {commentId}인 댓글은 ID가 {articleId}인 브레이크스루에 없습니다.',
  'comments.authorOnlyEdit': '댓글 작성자만 수정할 수 있습니다.',
  'comments.authorsOnlyDelete': '댓글 작성자나 브레이크스루 작성자만 삭제할 수 있습니다.',
  'notifications.notFound': 'ID가 {noticeId}인 알림이 없습니다.',
  'notifications.recipientOnly': '이 알림을 받은 사람만 읽음으로 표시할 수 있습니다.',
} satisfies Partial<Record<MessageKey, string>>;
