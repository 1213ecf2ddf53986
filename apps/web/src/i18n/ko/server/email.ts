import type { MessageKey } from '@repolog/contract/messages';

/** Email addresses, preferences and their signed links (contract: messages/email.ts). */
export const email = {
  'mail.badAddress': 'name@example.com처럼 이메일 주소 하나를 입력하세요.',
  'mail.addressLimit':
    '오늘 이메일 주소 변경을 {count}번 요청해 최대 횟수에 이르렀습니다. 내일 다시 시도하세요.',
  'mail.tokenInvalid': '올바른 링크가 아닙니다. 바뀌었거나 잘렸습니다. 아무것도 바뀌지 않았습니다.',
  'mail.tokenExpired': '만료된 링크입니다. 아무것도 바뀌지 않았습니다.',
  'mail.tokenOtherUser':
    '다른 계정으로 보낸 링크입니다. 그 계정으로 로그인해 사용하세요. 아무것도 바뀌지 않았습니다.',
  'mail.off': '이 서버에서는 이메일을 보내지 않습니다.',
  'mail.unsubscribed': '이제 이 이메일을 받지 않습니다. 설정에서 언제든 바꿀 수 있습니다.',
} satisfies Partial<Record<MessageKey, string>>;
