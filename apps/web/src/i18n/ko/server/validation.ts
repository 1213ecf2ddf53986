import type { MessageKey } from '@repolog/contract/messages';

/**
 * The request schemas' checks (contract: messages/validation.ts). The field a check names
 * ("body.title: ") is put before these (tellMessage in ../index.ts).
 */
export const validation = {
  'validation.required': '{name} 값은 필수입니다.',
  'validation.notText': '{name} 값은 텍스트여야 합니다.',
  'validation.tooLong': '{name} 값은 최대 {max}자까지 입력할 수 있습니다.',
  'validation.notNumber': '{name} 값은 숫자여야 합니다.',
  'validation.notWhole': '{name} 값은 정수여야 합니다.',
  'validation.notPositive': '{name} 값은 양수여야 합니다.',
  'validation.atLeast': '{name} 값은 {min} 이상이어야 합니다.',
  'validation.atMost': '{name} 값은 {max} 이하여야 합니다.',
  'validation.outOfRange': '{name} 값이 범위를 벗어났습니다.',
  'validation.oneOf': '{name} 값은 다음 중 하나여야 합니다: {options}',
  'validation.invalid': '요청 값이 올바르지 않습니다: {detail}',

  'validation.title.required': '제목을 입력하세요.',
  'validation.title.tooLong': '제목은 최대 {max}자까지 입력할 수 있습니다.',
  'validation.title.notText': '제목은 텍스트여야 합니다.',
  'validation.content.required': '내용을 입력하세요.',
  'validation.content.tooLong': '내용은 최대 {max}자까지 입력할 수 있습니다.',
  'validation.content.notText': '내용은 텍스트여야 합니다.',
  'validation.blogName.required': '블로그 이름을 입력하세요.',
  'validation.blogName.tooLong': '블로그 이름은 최대 {max}자까지 입력할 수 있습니다.',
  'validation.description.required': '소개를 입력하세요.',
  'validation.description.tooLong': '소개는 최대 {max}바이트까지 입력할 수 있습니다.',
  'validation.gitRepoUrl.required': '저장소 주소를 입력하세요.',
  'validation.gitRepoUrl.tooLong': '저장소 주소는 최대 {max}자까지 입력할 수 있습니다.',
  'validation.html_url.required': '저장소 주소를 입력하세요.',
  'validation.html_url.tooLong': '저장소 주소는 최대 {max}자까지 입력할 수 있습니다.',
  'validation.problem.tooLong': '문제는 최대 {max}자까지 입력할 수 있습니다.',
  'validation.solution.tooLong': '해결은 최대 {max}자까지 입력할 수 있습니다.',
  'validation.about.oneOf': '언어는 다음 중 하나여야 합니다: {options}',
  'validation.username.required': 'GitHub 사용자 ID를 입력하세요.',
  'validation.username.tooLong': 'GitHub 사용자 ID는 최대 {max}자까지 입력할 수 있습니다.',
  'validation.login.invalid':
    'login 값은 GitHub 로그인 ID여야 합니다(영문자, 숫자, 연속되지 않은 하이픈으로 최대 39자).',
  'validation.blogMember.notLogin':
    '멤버에는 GitHub 사용자 ID(영문자, 숫자, 연속되지 않은 하이픈)만 넣을 수 있습니다.',
  'validation.blogMember.notList': '멤버는 GitHub 사용자 ID 목록이어야 합니다.',
  'validation.blogMember.tooMany': '멤버는 최대 {max}명까지 넣을 수 있습니다.',
  'validation.version.notNumber': 'version 값은 이 저장의 기준이 된 버전 번호여야 합니다.',
} satisfies Partial<Record<MessageKey, string>>;
