import type { MessageKey } from '@repolog/contract/messages';

/** Writers' stats (contract: messages/stats.ts). */
export const stats = {
  'stats.membersOnly': '이 블로그의 멤버만 통계를 볼 수 있습니다.',
} satisfies Partial<Record<MessageKey, string>>;
