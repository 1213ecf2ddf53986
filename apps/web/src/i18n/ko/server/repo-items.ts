import type { MessageKey } from '@repolog/contract/messages';

/** The repository's items (contract: messages/repo-items.ts). */
export const repoItems = {
  'items.membersOnly': '비공개 저장소의 이슈, 풀 리퀘스트와 커밋은 블로그 멤버에게만 보입니다.',
  'items.notFound': '{repo}에서 {ref}을(를) 찾을 수 없습니다.',
  'items.unavailable': '{reason} {ref}을(를) 읽지 못했습니다. 1분 뒤 다시 시도하세요.',
  'validation.repoRef.invalid':
    '{name}은(는) 이슈나 풀 리퀘스트는 type과 number로, 커밋은 type과 sha로 가리켜야 합니다',
  'validation.ref.invalid': 'ref는 issue:<번호>, pull:<번호> 또는 commit:<SHA> 형식이어야 합니다',
} satisfies Partial<Record<MessageKey, string>>;
