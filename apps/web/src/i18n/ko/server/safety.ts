import type { MessageKey } from '@repolog/contract/messages';

/** Reports, moderation, blocks, new-account limits (contract: messages/safety.ts). */
export const safety = {
  'reports.self': '자기 자신이나 자신이 쓴 글은 신고할 수 없습니다.',
  'reports.targetNotFound': '신고할 {targetType}(ID {targetId})이(가) 없습니다.',
  'reports.duplicate': '이미 신고했습니다. 신고가 처리 중입니다.',
  'validation.text.otherReason': '사유가 기타일 때는 text를 입력해야 합니다',
  'reports.received': '감사합니다. 신고가 접수되었습니다. 운영자가 확인합니다.',
  'moderation.moderatorsOnly': '운영자만 할 수 있습니다.',
  'moderation.suspended':
    '계정이 {until}까지 정지되었습니다. Repolog를 읽을 수는 있지만 글을 쓸 수는 없습니다.',
  'moderation.suspendedForGood':
    '계정이 정지되었습니다. Repolog를 읽을 수는 있지만 글을 쓸 수는 없습니다.',
  'moderation.notApplicable': '{action}은(는) {targetType}에 적용할 수 없습니다.',
  'moderation.targetNotFound': '{targetType}(ID {targetId})이(가) 없습니다.',
  'moderation.untilPast': 'until은 미래의 시각이어야 합니다.',
  'moderation.notSelf': '운영자는 자기 계정에 조치할 수 없습니다.',
  'moderation.done': '완료: {action}.',
  'blocks.self': '자기 자신은 차단할 수 없습니다.',
  'blocks.blocked': '{login} 님을 차단했습니다.',
  'blocks.unblocked': '{login} 님의 차단을 해제했습니다.',
  'comments.blocked': '이 브레이크스루에는 댓글을 달 수 없습니다.',
  'comments.locked': '이 브레이크스루의 댓글이 닫혔습니다.',
  'comments.membersOnlyModerate':
    '이 블로그의 멤버만 댓글을 숨기거나 브레이크스루의 댓글을 닫을 수 있습니다.',
  'limits.breakthroughsPerDay':
    '새 계정이나 GitHub 공개 활동이 없는 계정은 하루에 브레이크스루를 {max}개까지 올릴 수 있습니다. 내일 다시 시도하세요.',
  'limits.commentsPerDay':
    '새 계정이나 GitHub 공개 활동이 없는 계정은 하루에 댓글을 {max}개까지 쓸 수 있습니다. 내일 다시 시도하세요.',
  'blogs.cannotAdd': '{login} 님은 회원님이 블로그에 추가할 수 없습니다.',
} satisfies Partial<Record<MessageKey, string>>;
