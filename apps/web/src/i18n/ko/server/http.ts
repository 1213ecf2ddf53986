import type { MessageKey } from '@repolog/contract/messages';

const RETRY = '요청이 너무 많습니다.';

/** The error handler, the framework's refusals, the small endpoints (contract: messages/http.ts). */
export const http = {
  'http.internal': '서버에 문제가 생겼습니다. 다시 시도하세요.',
  'http.alreadyExists': '이미 존재합니다.',
  'http.relatedGone': '관련된 기록이 더 이상 존재하지 않습니다.',
  'http.badValue': '요청의 값이 범위를 벗어났거나 형식이 잘못되었습니다.',
  'http.rejected': '요청을 처리할 수 없습니다: {detail}',
  'http.bodyTooLarge': '요청 본문이 너무 큽니다.',
  'http.unsupportedMediaType': '지원하지 않는 미디어 유형입니다.',
  'http.lengthMismatch': '요청 본문의 크기가 Content-Length와 일치하지 않습니다.',
  'http.emptyJson': "content-type이 'application/json'이면 요청 본문이 비어 있을 수 없습니다.",
  'http.invalidJson': "content-type은 'application/json'인데 요청 본문이 올바른 JSON이 아닙니다.",
  'http.rateLimited.ms': `${RETRY} {count}밀리초 뒤 다시 시도하세요.`,
  'http.rateLimited.second': `${RETRY} {count}초 뒤 다시 시도하세요.`,
  'http.rateLimited.seconds': `${RETRY} {count}초 뒤 다시 시도하세요.`,
  'http.rateLimited.minute': `${RETRY} {count}분 뒤 다시 시도하세요.`,
  'http.rateLimited.minutes': `${RETRY} {count}분 뒤 다시 시도하세요.`,
  'http.rateLimited.hour': `${RETRY} {count}시간 뒤 다시 시도하세요.`,
  'http.rateLimited.hours': `${RETRY} {count}시간 뒤 다시 시도하세요.`,
  'http.nul': '{field}: 텍스트에는 NUL 문자(\\u0000)를 쓸 수 없습니다.',
  'http.noApiRoute': 'API 경로를 찾을 수 없습니다: {method} {path}',
  'http.nothingAt': '찾을 수 없습니다: {path}',
  'http.nothingAtMethod': '찾을 수 없습니다: {method} {path}',
  'http.notBuilt':
    '찾을 수 없습니다: {path}. 웹 앱이 빌드되지 않았습니다(npm run build를 실행하세요).',
  'http.noFile': '파일을 찾을 수 없습니다: {path}',
  'pages.busy': '서버가 다른 페이지를 그리느라 바쁩니다. {seconds}초 뒤 다시 시도하세요.',
  'http.metricsToken': '메트릭을 보려면 METRICS_TOKEN 베어러 토큰이 필요합니다.',
  'http.databaseDown': '데이터베이스에 연결할 수 없습니다.',
  'feeds.sitemapPages': '사이트맵은 {pages}페이지까지 있습니다.',
  'pages.shareCardPath': '공유 카드 주소는 {path}입니다.',
} satisfies Partial<Record<MessageKey, string>>;
