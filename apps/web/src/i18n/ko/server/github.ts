import type { MessageKey } from '@repolog/contract/messages';

/**
 * GitHub (contract: messages/github.ts). A reason is the start of the sentence that says what
 * could not be done ("GitHub 요청 한도에 도달해 저장소를 확인하지 못했습니다…").
 */
export const github = {
  'github.reason.rateLimited': 'GitHub 요청 한도에 도달해',
  'github.reason.slow': '지금 GitHub의 응답이 느려',
  'github.reason.down': '지금 GitHub가 응답하지 않아',
  'github.reason.unreachable': 'GitHub에 연결할 수 없어',
  'github.userUnchecked':
    "{reason} GitHub 사용자 '{login}'을(를) 확인하지 못했습니다. 1분 뒤 다시 시도하세요.",
  'github.repoUnchecked': '{reason} 저장소를 확인하지 못했습니다. 1분 뒤 다시 시도하세요.',
  'github.activityUnavailable':
    '{reason} 저장소 활동을 표시할 수 없습니다. 1분 뒤 다시 시도하세요.',
  'github.reposUnavailable':
    '{reason} 내 저장소 목록을 표시할 수 없습니다. 1분 뒤 다시 시도하세요.',
  'github.activityAsOf': '{reason} {until} 기준의 저장소 활동을 표시합니다.',
  'github.reposAsOf': '{reason} {until} 기준의 내 저장소 목록을 표시합니다.',
  'github.noBlog': '{repo}에 연결된 블로그가 없습니다.',
  'github.privateActivity': '비공개 저장소의 활동은 블로그 멤버에게만 보입니다.',
  'github.repoUrl': '{field} 값은 {host}의 저장소 주소여야 합니다(예: {example}).',
  'webhooks.notConfigured': '웹훅이 설정되지 않았습니다(GITHUB_WEBHOOK_SECRET을 설정하세요).',
  'webhooks.badSignature': '웹훅 서명이 일치하지 않습니다.',
  'webhooks.notJson': '웹훅 본문이 올바른 JSON이 아닙니다.',
  'webhooks.noRepository': '웹훅 본문에 저장소가 없습니다.',
  'webhooks.appNotConfigured':
    'GitHub App이 설정되지 않았습니다(GITHUB_APP_ID, GITHUB_APP_PRIVATE_KEY, GITHUB_APP_SLUG, GITHUB_APP_WEBHOOK_SECRET을 설정하세요).',
  'webhooks.noDelivery': '웹훅 전송에 X-GitHub-Delivery 헤더가 없습니다.',
  'connections.membersOnly': '저장소 연결 상태는 블로그 멤버에게만 보입니다.',
} satisfies Partial<Record<MessageKey, string>>;
