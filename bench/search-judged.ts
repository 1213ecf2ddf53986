/**
 * The judged query set of full-text search (issue 21): each query with the breakthroughs (by
 * title) that must be in its top 10. Half are Korean. Targets are the demo's breakthroughs
 * (apps/server/src/demo/demo-articles.ts) and the planted breakthroughs below, which
 * search-quality.ts adds to a generated corpus of look-alike noise (bench/seed.ts).
 */

/** A breakthrough the bench adds to the corpus, so a judged query has something to find. */
export interface PlantedArticle {
  title: string;
  content: string;
  tags: string[];
}

export interface JudgedQuery {
  q: string;
  lang: 'ko' | 'en';
  /** Titles that must be among the first 10 results. */
  expect: string[];
}

export const PLANTED: PlantedArticle[] = [
  {
    title: '캐시 무효화 전략 정리',
    content: '캐시를 언제 지울지 정하는 일이 가장 어려웠다. 이벤트가 올 때마다 무효화를 했다.',
    tags: ['캐시'],
  },
  {
    title: '쿠버네티스 배포 롤백 경험',
    content: '배포가 실패하면 롤백을 자동으로 하도록 파이프라인을 바꿨다.',
    tags: ['쿠버네티스'],
  },
  {
    title: '리액트 상태 관리 라이브러리 비교',
    content: '상태를 어디에 둘지 오래 고민했다. 전역 상태는 줄이고 서버 상태는 캐시에 맡겼다.',
    tags: ['react'],
  },
  {
    title: '데이터베이스 마이그레이션 무중단으로 하기',
    content: '데이터베이스를 멈추지 않고 컬럼을 바꾸는 마이그레이션 순서를 정리했다.',
    tags: ['postgresql'],
  },
  {
    title: '로그 수집 파이프라인 구축기',
    content: '로그가 너무 많아서 수집 서버를 둘로 나눴다. 버퍼가 넘치면 디스크에 쓴다.',
    tags: ['로그'],
  },
  {
    title: '테스트 코드가 불안정할 때',
    content: '불안정한 테스트를 찾아서 따로 격리했다. 재시도는 마지막 수단이다.',
    tags: ['테스트'],
  },
  {
    title: '모바일 앱 시작 시간 줄이기',
    content: '앱을 켤 때 걸리는 시작 시간을 절반으로 줄였다. 초기화를 뒤로 미뤘다.',
    tags: ['ios'],
  },
  {
    title: '웹소켓 연결이 자꾸 끊기는 문제',
    content: '웹소켓이 끊기면 지수 백오프로 다시 연결한다. 하트비트도 보낸다.',
    tags: ['websocket'],
  },
  {
    title: '메모리 누수 추적하기',
    content: '힙 스냅샷을 비교해서 누수를 찾았다. 닫지 않은 구독이 원인이었다.',
    tags: ['memory'],
  },
  {
    title: '타입스크립트 제네릭으로 API 타입 맞추기',
    content: '제네릭을 써서 응답 타입을 한 곳에서 정의했다.',
    tags: ['typescript'],
  },
  {
    title: '접근성 점검 체크리스트',
    content: '스크린 리더로 모든 페이지를 읽어 봤다. 키보드만으로도 쓸 수 있어야 한다.',
    tags: ['accessibility'],
  },
  {
    title: '검색 품질을 높인 형태소 분석',
    content: '형태소 분석기로 조사를 떼어 내니 검색 결과가 좋아졌다.',
    tags: ['검색'],
  },
  {
    title: '결제 시스템 장애 회고',
    content: '결제 요청이 중복으로 들어와서 멱등성 키를 도입했다.',
    tags: ['결제'],
  },
  {
    title: '이미지 최적화로 페이지 속도 개선',
    content: '이미지를 WebP로 바꾸고 크기를 미리 지정했다.',
    tags: ['performance'],
  },
  {
    title: '코드 리뷰 문화 만들기',
    content: '리뷰는 하루 안에 하기로 팀이 약속했다.',
    tags: ['리뷰'],
  },
  {
    title: '서버 비용 절감기',
    content: '사용하지 않는 인스턴스를 정리해서 비용을 크게 줄였다.',
    tags: ['비용'],
  },
  {
    title: '알림 전송 큐 설계',
    content: '알림을 큐에 넣고 워커가 하나씩 보낸다. 실패하면 다시 넣는다.',
    tags: ['알림'],
  },
  {
    title: '한글 정렬 버그 수정',
    content: '한글 이름이 잘못 정렬되는 버그를 고쳤다. 콜레이션을 바꿨다.',
    tags: ['버그'],
  },
  {
    title: 'Rendering markdown on a worker pool',
    content: 'We render each body once, when it is written, on a pool of worker threads.',
    tags: ['markdown'],
  },
  {
    title: 'A useEffect cleanup that leaked subscriptions',
    content: 'The effect subscribed on every render and never unsubscribed.',
    tags: ['react'],
  },
  {
    title: 'Renaming snake_case_name columns safely',
    content: 'We renamed the column `snake_case_name` in three deploys.',
    tags: ['postgresql'],
  },
  {
    title: 'Fuzzy title search with trigrams',
    content: 'A GIN index with pg_trgm made the contains search fast.',
    tags: ['postgresql'],
  },
  {
    title: 'Writing a fast tokenizer in C++',
    content: 'Our C++ tokenizer avoids allocations per token.',
    tags: ['c++'],
  },
  {
    title: 'Async streams in C#',
    content: 'IAsyncEnumerable in C# let us stream rows as they arrive.',
    tags: ['c#'],
  },
  {
    title: 'Dropping Jest for node:test',
    content: 'The built-in node:test runner was enough for our server tests.',
    tags: ['testing'],
  },
  {
    title: 'Connection pooling with PgBouncer',
    content: 'Transaction-mode connection pooling cut our database connections by 90%.',
    tags: ['postgresql'],
  },
  {
    title: 'A rate limiter with token buckets',
    content: 'Each client gets a bucket of tokens refilled every second.',
    tags: ['http'],
  },
  {
    title: 'Graceful shutdown on SIGTERM',
    content: 'On SIGTERM the server stops accepting connections and drains the rest.',
    tags: ['node'],
  },
];

export const JUDGED: JudgedQuery[] = [
  // Korean: particles and endings attached, two-syllable words, compounds.
  { q: '캐시 무효화', lang: 'ko', expect: ['캐시 무효화 전략 정리'] },
  { q: '무효화를', lang: 'ko', expect: ['캐시 무효화 전략 정리'] },
  { q: '롤백을', lang: 'ko', expect: ['쿠버네티스 배포 롤백 경험'] },
  { q: '상태 관리', lang: 'ko', expect: ['리액트 상태 관리 라이브러리 비교'] },
  { q: '마이그레이션', lang: 'ko', expect: ['데이터베이스 마이그레이션 무중단으로 하기'] },
  { q: '데이터베이스를', lang: 'ko', expect: ['데이터베이스 마이그레이션 무중단으로 하기'] },
  { q: '로그 수집', lang: 'ko', expect: ['로그 수집 파이프라인 구축기'] },
  { q: '불안정한 테스트', lang: 'ko', expect: ['테스트 코드가 불안정할 때'] },
  { q: '시작 시간', lang: 'ko', expect: ['모바일 앱 시작 시간 줄이기'] },
  { q: '웹소켓', lang: 'ko', expect: ['웹소켓 연결이 자꾸 끊기는 문제'] },
  { q: '메모리 누수', lang: 'ko', expect: ['메모리 누수 추적하기'] },
  { q: '누수를', lang: 'ko', expect: ['메모리 누수 추적하기'] },
  { q: '제네릭', lang: 'ko', expect: ['타입스크립트 제네릭으로 API 타입 맞추기'] },
  { q: '스크린 리더', lang: 'ko', expect: ['접근성 점검 체크리스트'] },
  { q: '형태소 분석기를', lang: 'ko', expect: ['검색 품질을 높인 형태소 분석'] },
  { q: '멱등성', lang: 'ko', expect: ['결제 시스템 장애 회고'] },
  { q: '이미지 최적화', lang: 'ko', expect: ['이미지 최적화로 페이지 속도 개선'] },
  { q: '코드 리뷰', lang: 'ko', expect: ['코드 리뷰 문화 만들기'] },
  { q: '비용을', lang: 'ko', expect: ['서버 비용 절감기'] },
  { q: '알림 큐', lang: 'ko', expect: ['알림 전송 큐 설계'] },
  { q: '정렬 버그', lang: 'ko', expect: ['한글 정렬 버그 수정'] },
  { q: '배포 자동화', lang: 'ko', expect: ['배포 자동화로 얻은 교훈'] },
  // English: word forms, identifiers, phrases, and the demo's breakthroughs.
  { q: 'renders markdown', lang: 'en', expect: ['Rendering markdown on a worker pool'] },
  { q: 'useEffect', lang: 'en', expect: ['A useEffect cleanup that leaked subscriptions'] },
  { q: 'snake_case_name', lang: 'en', expect: ['Renaming snake_case_name columns safely'] },
  { q: 'pg_trgm', lang: 'en', expect: ['Fuzzy title search with trigrams'] },
  { q: 'C++ tokenizer', lang: 'en', expect: ['Writing a fast tokenizer in C++'] },
  { q: 'C# streams', lang: 'en', expect: ['Async streams in C#'] },
  { q: 'node:test', lang: 'en', expect: ['Dropping Jest for node:test'] },
  { q: '"connection pooling"', lang: 'en', expect: ['Connection pooling with PgBouncer'] },
  { q: 'rate limiting', lang: 'en', expect: ['A rate limiter with token buckets'] },
  { q: 'sigterm shutdown', lang: 'en', expect: ['Graceful shutdown on SIGTERM'] },
  {
    q: 'debounce search',
    lang: 'en',
    expect: ['Debouncing search without losing the last keystroke'],
  },
  {
    q: 'layout shift',
    lang: 'en',
    expect: ['Reserving space to kill layout shift on article pages'],
  },
  {
    q: 'lazy loading editor',
    lang: 'en',
    expect: ['Lazy-loading the markdown editor cut our first load by 38%'],
  },
  { q: 'carousel keyboard', lang: 'en', expect: ['A carousel you can use with a keyboard'] },
  { q: 'dark mode', lang: 'en', expect: ['Dark mode code blocks that stay readable'] },
  { q: 'batched query', lang: 'en', expect: ['Killing an N+1 on the feed with one batched query'] },
  { q: 'token rotation', lang: 'en', expect: ['Refresh token rotation, and what reuse tells you'] },
  { q: 'etags', lang: 'en', expect: ['One GitHub call per minute per repository with ETags'] },
  {
    q: 'utf-8 bytes',
    lang: 'en',
    expect: ['Counting bytes, not characters: a 4000-byte limit in UTF-8'],
  },
  {
    q: 'webhooks signature',
    lang: 'en',
    expect: ['Verifying GitHub webhooks with X-Hub-Signature-256'],
  },
  {
    q: 'clustering stations',
    lang: 'en',
    expect: ['Clustering 3,000 bike stations on a mobile map'],
  },
  { q: 'diffable', lang: 'en', expect: ['Smooth map annotations with diffable data sources'] },
];
