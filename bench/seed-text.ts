/**
 * The text seed.ts writes: the English vocabulary of titles and blog names, the bodies (stored
 * with their rendering), and the opt-in Korean share — titles and bodies written as Korean
 * developers write them: particles attached to the words (검색을, 데이터베이스를, 배포에서),
 * English identifiers and product names inside the sentences.
 */
import { sql } from 'drizzle-orm';
import { renderBody } from '../apps/server/src/articles/render-body.js';

export const VERBS = [
  'Fixing',
  'Tuning',
  'Debugging',
  'Scaling',
  'Migrating',
  'Testing',
  'Caching',
];
export const NOUNS = [
  'connection pools',
  'flaky tests',
  'memory leaks',
  'slow queries',
  'race conditions',
  'cold starts',
  'build times',
  'retry storms',
  'index bloat',
  'websocket drops',
];

/** Where it happened (-에서), what was worked on (-을/-를), and how the title ends. */
const KO_PLACES = [
  '배포에서',
  '운영 서버에서',
  '테스트 환경에서',
  '마이그레이션에서',
  '부하 테스트에서',
  '야간 배치에서',
  'PostgreSQL에서',
  'Node.js에서',
];
const KO_OBJECTS = [
  '검색을',
  '데이터베이스를',
  '연결 풀을',
  '캐시를',
  '느린 쿼리를',
  '메모리 누수를',
  '인덱스를',
  '웹소켓 연결을',
  '빌드 시간을',
  'useEffect를',
];
const KO_ENDINGS = [
  '고친 이야기',
  '빠르게 만든 방법',
  '다시 설계하기',
  '줄인 경험',
  '디버깅하며 배운 것',
  '안정화한 과정',
];
const KO_SENTENCES = [
  '부하가 올라가면 응답 시간이 튀었습니다.',
  '배포에서 캐시를 비우자 데이터베이스 연결이 모자랐습니다.',
  '로그를 보니 느린 쿼리가 연결 풀을 오래 붙잡고 있었습니다.',
  '검색을 다시 색인하는 동안 서버가 멈춘 것처럼 보였습니다.',
  '테스트 환경에서는 재현되지 않아서 운영 서버의 지표를 모았습니다.',
  '인덱스를 추가하고 실행 계획을 확인했습니다.',
  '웹소켓 연결이 끊길 때마다 재시도가 몰렸습니다.',
  '결국 pool.release()를 finally 블록으로 옮겨서 해결했습니다.',
];

/** A text[] literal of inline constants. */
const textArray = (values: readonly string[]) =>
  sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[]`);
/** A random element of a literal text array (drawn per row). */
export const pick = (values: readonly string[]) =>
  sql`(${textArray(values)})[1 + floor(random() * ${values.length})::int]`;

/** A Korean title, drawn per row: `배포에서 캐시를 고친 이야기`. */
export const koreanTitle = () => sql`${pick(KO_PLACES)} || ' ' || ${pick(KO_OBJECTS)} || ' ' ||
  ${pick(KO_ENDINGS)}`;

/** Twenty lengths of English body; the Korean ones follow when a Korean share is asked. */
export const BODIES = Array.from(
  { length: 20 },
  (_, k) =>
    `## Problem\n${'We saw latency spikes under load. '.repeat(5 + k)}\n## Fix\n\`\`\`ts\nawait pool.release();\n\`\`\``,
);
export const KOREAN_BODIES = Array.from({ length: 20 }, (_, k) => {
  const sentences = Array.from(
    { length: 5 + k },
    (_, i) => KO_SENTENCES[(k + i) % KO_SENTENCES.length],
  );
  return `## 문제\n${sentences.join(' ')}\n## 해결\n연결 풀을 늘리고 검색을 다시 색인했습니다.\n\`\`\`ts\nawait pool.release();\n\`\`\``;
});

/** Each body with what the server stores beside it (as a write through the API would). */
export const rendered = (bodies: readonly string[]) => bodies.map(renderBody);

/** A text[] literal of bound values. */
export const textValues = (values: readonly string[]) =>
  sql`(array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[])`;
