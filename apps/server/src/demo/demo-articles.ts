/**
 * The breakthroughs demo mode starts with. Problems and solutions quote real issue and commit
 * titles of the GitHub stand-in's repositories, so the write form's dropdowns show them too.
 */
export interface DemoArticle {
  id: number;
  blogId: number;
  author: string;
  title: string;
  about: string | null;
  problem: string | null;
  solution: string | null;
  /** Hours before seeding. */
  ageHours: number;
  content: string;
}

const fence = '```';

export const DEMO_ARTICLES: DemoArticle[] = [
  {
    id: 20,
    blogId: 39,
    author: 'dana-kim',
    title: 'Welcome to Repolog',
    about: null,
    problem: 'Welcome! How this notice board works',
    solution: null,
    ageHours: 24 * 40,
    content: `Repolog turns your team's repository into a tech blog that writes itself from real work.

## What you can do

- **Link a repository** and invite your teammates by their GitHub id.
- **Write breakthroughs**: short articles whose *problem* is an issue and whose *solution* is a commit or pull request.
- **Follow blogs** with the star and **like** the breakthroughs that taught you something.

This notice board is where we announce releases, maintenance windows and incidents.`,
  },
  {
    id: 21,
    blogId: 39,
    author: 'minjun-park',
    title: 'Release notes: live notifications',
    about: null,
    problem: 'Release notes: v1.5 — live notifications',
    solution: 'docs: fix broken links in the v1.5 release notes',
    ageHours: 24 * 9,
    content: `The bell in the top bar now updates **live**: when a teammate comments on your breakthrough, likes it or favorites your blog, the badge rises without a reload.

| Event | You get notified when |
|---|---|
| 블로그 초대 | someone adds you to a blog |
| 블로그 즐겨찾기 | someone favorites a blog you are a member of |
| 글 좋아요 | someone likes your breakthrough |
| 새로운 댓글 | someone comments on your breakthrough |

Under the hood every server instance listens on PostgreSQL \`LISTEN/NOTIFY\`, so it works behind a load balancer too.`,
  },
  {
    id: 22,
    blogId: 39,
    author: 'dana-kim',
    title: 'Community guidelines for comments',
    about: null,
    problem: 'Community guidelines for comments',
    solution: 'docs: community guidelines for comments',
    ageHours: 24 * 3,
    content: `Comments are for the craft. Three rules:

1. **Be specific.** Quote the line, the query or the metric you are talking about.
2. **Be kind.** Everyone here shipped something and wrote about it.
3. **Keep secrets out.** No tokens, passwords or customer data — not even redacted ones.`,
  },
  {
    id: 23,
    blogId: 32,
    author: 'sora-lee',
    title: 'Debouncing search without losing the last keystroke',
    about: 'TypeScript',
    problem: 'Search input fires a request on every keystroke',
    solution: 'fix: debounce search input to cut API calls by 80%',
    ageHours: 24 * 6,
    content: `Our search box sent a request **per keystroke**: typing "refresh token" cost 13 requests, 12 of them useless.

A tiny hook fixed it — the trick is to keep the *latest* value in a ref so the timer never fires with a stale one:

${fence}ts
import { useEffect, useState } from 'react';

export function useDebounced<T>(value: T, delayMs = 250): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
${fence}

**Result:** 80% fewer calls to \`/api/article/breakthrough\`, and the list no longer flickers while you type.`,
  },
  {
    id: 24,
    blogId: 32,
    author: 'alex-chen',
    title: 'Reserving space to kill layout shift on article pages',
    about: 'CSS',
    problem: 'Layout shift on the article page while comments load (CLS 0.21)',
    solution: 'fix: reserve space for comments to remove layout shift',
    ageHours: 30,
    content: `Lighthouse flagged a **CLS of 0.21** on article pages: the comments block popped in after the body and pushed the "go to blog" card down.

${fence}css
.comments {
  /* Reserve roughly three comments' worth of space before the data arrives. */
  min-height: 14rem;
  contain: layout;
}
${fence}

CLS went from 0.21 to **0.01**. The placeholder is invisible — it just holds the floor.`,
  },
  {
    id: 25,
    blogId: 32,
    author: 'dana-kim',
    title: 'Lazy-loading the markdown editor cut our first load by 38%',
    about: 'TypeScript',
    problem: 'Markdown preview flashes unstyled code blocks',
    solution: 'perf: lazy-load the markdown editor and highlighter',
    ageHours: 5,
    content: `The home page shipped the markdown renderer *and* a syntax highlighter to every visitor — even though only article pages need them.

## What we changed

${fence}tsx
import { lazy, Suspense } from 'react';

const MarkdownView = lazy(() => import('./markdown-view'));

export function ArticleBody({ content }: { content: string }) {
  return (
    <Suspense fallback={<div className="body-placeholder" />}>
      <MarkdownView content={content} />
    </Suspense>
  );
}
${fence}

The highlighter's CSS now travels with the same chunk, which also fixed the flash of unstyled code blocks.

## Numbers

| | before | after |
|---|---|---|
| JS on first load of /home (gzip) | 151 KB | 93 KB |
| Largest Contentful Paint (slow 4G) | 2.9 s | 1.8 s |`,
  },
  {
    id: 26,
    blogId: 32,
    author: 'sora-lee',
    title: 'A carousel you can use with a keyboard',
    about: 'JavaScript',
    problem: 'Home carousel is not keyboard accessible',
    solution: 'feat: keyboard navigation for the home carousel',
    ageHours: 24 * 12,
    content: `An auto-playing carousel is hostile unless you can **stop it** and **reach every slide**.

- Autoplay pauses while the carousel is hovered *or focused*.
- The dots are real \`<button>\`s with labels ("Go to slide 2").
- \`prefers-reduced-motion\` turns the slide animation off.

${fence}js
carousel.addEventListener('focusin', () => timer.pause());
carousel.addEventListener('focusout', () => timer.resume());
${fence}`,
  },
  {
    id: 27,
    blogId: 32,
    author: 'alex-chen',
    title: 'Dark mode code blocks that stay readable',
    about: 'CSS',
    problem: 'Dark mode: code blocks are unreadable with the light highlight theme',
    solution: 'fix: use the github-dark theme for code blocks in dark mode',
    ageHours: 24 * 20,
    content: `Light token colors on a dark background gave a contrast ratio of **2.1:1**. Scoping the theme to the color scheme fixed it:

${fence}css
@media (prefers-color-scheme: dark) {
  .markdown pre { background: #0d1117; color: #e6edf3; }
  .hljs-keyword { color: #ff7b72; }
  .hljs-string { color: #a5d6ff; }
}
${fence}`,
  },
  {
    id: 28,
    blogId: 38,
    author: 'minjun-park',
    title: 'Killing an N+1 on the feed with one batched query',
    about: 'TypeScript',
    problem: 'Fix N+1 query on the feed endpoint',
    solution: 'fix: batch-load authors to remove N+1 on the feed',
    ageHours: 8,
    content: `The feed loaded 10 articles and then **one query per author**. At 50 connections p99 was 180 ms.

${fence}ts
// Before: 1 + N queries
for (const article of page) article.author = await users.findById(article.authorId);

// After: 2 queries, whatever the page size
const authors = await users.findByIds([...new Set(page.map((a) => a.authorId))]);
const byId = new Map(authors.map((u) => [u.id, u]));
for (const article of page) article.author = byId.get(article.authorId);
${fence}

p99 dropped to **14 ms**. Even better, a join in the list query removed the second round trip entirely.`,
  },
  {
    id: 29,
    blogId: 38,
    author: 'jisoo-han',
    title: 'Refresh token rotation, and what reuse tells you',
    about: 'TypeScript',
    problem: 'Refresh token reuse should revoke the whole family',
    solution: 'feat: rotate refresh tokens and revoke reused families',
    ageHours: 24 * 2,
    content: `Every refresh issues a **new** refresh token and marks the old one used. If a used token ever comes back, someone copied it — so we revoke the whole session family.

${fence}ts
if (found.state === 'used') {
  if (withinRaceWindow(found.usedAt)) return reissueAccessOnly(session); // two tabs racing
  await sessions.revoke(found.sessionId); // theft: end every token of this login
  throw new Unauthenticated();
}
${fence}

The 10-second race window matters: two tabs refreshing at the same moment are not an attack.`,
  },
  {
    id: 30,
    blogId: 38,
    author: 'alex-chen',
    title: 'One GitHub call per minute per repository with ETags',
    about: 'TypeScript',
    problem: 'GitHub rate limit hit when many visitors open the same blog',
    solution: 'feat: cache repository activity with ETags (1 GitHub call/min/repo)',
    ageHours: 3,
    content: `Every blog page showed live repository activity by asking GitHub. A popular blog burned **5,000 calls an hour**.

1. Cache the response per repository with its \`ETag\`.
2. Revalidate at most once a minute with \`If-None-Match\` — a **304 costs no rate limit**.
3. A webhook marks the cache stale the moment something changes.

When GitHub is down, the last cached copy is served with a note instead of an error.`,
  },
  {
    id: 31,
    blogId: 38,
    author: 'minjun-park',
    title: 'Counting bytes, not characters: a 4000-byte limit in UTF-8',
    about: 'Java',
    problem: null,
    solution: 'fix: count the description limit in UTF-8 bytes',
    ageHours: 24 * 15,
    content: `"Up to 4000 bytes" is not "up to 4000 characters": 한글 is **3 bytes** per syllable in UTF-8.

${fence}java
int bytes = description.getBytes(StandardCharsets.UTF_8).length;
if (bytes > 4000) {
    throw new IllegalArgumentException("description must be at most 4000 bytes");
}
${fence}

The form shows a live byte counter so nobody is surprised.`,
  },
  {
    id: 32,
    blogId: 38,
    author: 'jisoo-han',
    title: 'Verifying GitHub webhooks with X-Hub-Signature-256',
    about: 'Python',
    problem: 'Webhook deliveries are not verified (X-Hub-Signature-256)',
    solution: 'feat: verify X-Hub-Signature-256 on GitHub webhooks',
    ageHours: 24 * 25,
    content: `Anyone could POST to our webhook URL. Now every delivery must carry a valid HMAC of the **exact body bytes**:

${fence}python
import hmac, hashlib

def valid(secret: bytes, body: bytes, header: str) -> bool:
    expected = "sha256=" + hmac.new(secret, body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, header)
${fence}

Compare in constant time, and verify *before* parsing JSON.`,
  },
  {
    id: 33,
    blogId: 40,
    author: 'minjun-park',
    title: 'Clustering 3,000 bike stations on a mobile map',
    about: 'Kotlin',
    problem: null,
    solution: null,
    ageHours: 12,
    content: `Drawing every Ddareungi station froze low-end phones. Grid clustering on the zoom level keeps it at 60 fps:

${fence}kotlin
fun cluster(stations: List<Station>, zoom: Int): List<Cluster> {
    val cell = 360.0 / (1 shl zoom) / 8
    return stations
        .groupBy { (it.lat / cell).toInt() to (it.lng / cell).toInt() }
        .map { (_, group) -> Cluster(group.map { it.lat }.average(), group.map { it.lng }.average(), group.size) }
}
${fence}`,
  },
  {
    id: 34,
    blogId: 40,
    author: 'sora-lee',
    title: 'Smooth map annotations with diffable data sources',
    about: 'Swift',
    problem: null,
    solution: null,
    ageHours: 24 * 4,
    content: `Replacing all annotations on every refresh made pins blink. Diffing keeps the unchanged ones in place:

${fence}swift
let current = Set(mapView.annotations.compactMap { $0 as? StationPin })
let next = Set(stations.map(StationPin.init))
mapView.removeAnnotations(Array(current.subtracting(next)))
mapView.addAnnotations(Array(next.subtracting(current)))
${fence}`,
  },
  {
    // Written in Korean, as the team writes for its Seoul readers: Korean search finds it.
    id: 35,
    blogId: 40,
    author: 'minjun-park',
    title: '배포 자동화로 얻은 교훈',
    about: 'JavaScript',
    problem: null,
    solution: null,
    ageHours: 26,
    content: `금요일 저녁마다 손으로 하던 배포를 GitHub Actions로 옮기고 나서 배운 세 가지입니다.

1. **배포는 지루해야 한다.** 태그 하나로 빌드, 테스트, 배포가 끝나니 실수할 틈이 없습니다.
2. **되돌리기가 먼저다.** 롤백 스크립트를 먼저 만들고 나서야 배포 횟수를 늘릴 수 있었습니다.
3. **작게, 자주.** 하루 한 번 배포하니 문제가 생겨도 원인이 금방 보입니다.

${fence}bash
git tag v1.4.2 && git push origin v1.4.2   # 나머지는 워크플로가 합니다
${fence}`,
  },
];

/** The demo breakthroughs' tags (the tag pages, popular tags on /home, related lists). */
export const DEMO_TAGS: Record<number, string[]> = {
  20: ['repolog', 'notice'],
  21: ['release', 'notifications'],
  22: ['community'],
  23: ['react', 'search', 'debounce'],
  24: ['css', 'performance', 'layout'],
  25: ['performance', 'react', 'bundle'],
  26: ['accessibility', 'react'],
  27: ['css', 'dark-mode'],
  28: ['postgresql', 'performance', 'n+1'],
  29: ['auth', 'security'],
  30: ['github', 'http', 'caching'],
  31: ['utf-8', 'validation'],
  32: ['github', 'webhooks', 'security'],
  33: ['ios', 'maps', 'performance'],
  34: ['ios', 'swift'],
  35: ['배포', '자동화', 'ci'],
};

/** The demo's series: their parts in reading order. */
export const DEMO_SERIES = [
  {
    id: 1,
    blogId: 32,
    name: 'Fast article pages',
    ageHours: 24 * 5,
    articleIds: [24, 25, 27],
  },
  {
    id: 2,
    blogId: 38,
    name: 'Working with GitHub',
    ageHours: 24 * 4,
    articleIds: [30, 32],
  },
];
