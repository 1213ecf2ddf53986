import type { Catalog } from '../index';

/** Korean texts of the /settings page's email section (features/email). */
export const settings = {
  emailSettings: {
    heading: '이메일',
    off: '이 서버에서는 이메일을 보내지 않습니다. 여기서 무엇을 고르든 발송되지 않습니다.',
    mailbox: '데모 모드: 이메일을 보내지 않고 데모 메일함에 넣습니다.',
    openMailbox: '데모 메일함 열기',
    address: '이메일 받는 주소:',
    noAddress: '아직 내 계정의 이메일 주소를 모릅니다.',
    fromGitHub: 'GitHub에서 확인된 기본 이메일 주소입니다.',
    pending: '{address}(으)로 링크를 보냈습니다. 24시간 안에 그 링크를 열면 이 주소를 씁니다.',
    otherAddress: '다른 주소 사용',
    send: '확인 링크 보내기',
    verified: '새 이메일 주소가 확인되었습니다.',
    preferences: '이메일로 받을 알림',
    kind: '알림',
    invitation: '블로그에 추가됨',
    comment: '내 브레이크스루의 댓글',
    like: '내 브레이크스루의 좋아요',
    favorite: '내 블로그 즐겨찾기',
    immediately: '바로',
    daily: '일일 요약',
    never: '받지 않음',
    weekly: '팔로우하는 블로그의 새 브레이크스루 주간 요약',
    saved: '저장했습니다.',
    loading: '이메일 설정을 불러오는 중…',
  },
} satisfies Catalog;
