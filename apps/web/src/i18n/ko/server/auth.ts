import type { MessageKey } from '@repolog/contract/messages';

/** Sessions, signing in, accounts, the Origin check (contract: messages/auth.ts). */
export const auth = {
  'auth.sessionExpired': '세션이 만료되었습니다. 세션을 갱신하거나 다시 로그인하세요.',
  'auth.loginRequired': '이 서비스를 이용하려면 로그인이 필요합니다. 로그인한 뒤 계속하세요.',
  'auth.sessionEnded': '세션이 종료되었습니다. 다시 로그인하세요.',
  'auth.stateMismatch':
    '로그인 상태가 이 브라우저와 일치하지 않습니다. 로그인을 처음부터 다시 시작하세요.',
  'auth.githubRefused': 'GitHub가 로그인을 받아들이지 않았습니다: {detail}',
  'auth.githubUnavailable': '지금은 GitHub에서 로그인을 완료할 수 없습니다. 다시 시도하세요.',
  'auth.accountGone': '더 이상 존재하지 않는 계정입니다.',
  'auth.githubTokenMissing': 'GitHub 인증 정보가 없습니다. 다시 로그인하세요.',
  'auth.foreignOrigin': '이 요청은 Repolog 페이지에서 보낸 것이 아닙니다(Origin 확인 실패).',
  'users.notFound': "Repolog에 '{login}' 사용자가 없습니다.",
} satisfies Partial<Record<MessageKey, string>>;
