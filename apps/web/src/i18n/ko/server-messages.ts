import type { ServerMessages } from '../index';

/**
 * Where a validation message comes from, as the server's error handler prefixes it
 * ("body.title: …", "querystring: …"); absent when a service repeats a schema's message alone.
 * Always the first group, so in a `field` pattern the message's own parts start at `$2`.
 */
const FIELD_PREFIX = /((?:body|querystring|params|headers)(?:\.[\w.-]+)?: )?/;

/** An anchored pattern for a schema (zod) message, with the optional field prefix as `$1`. */
const field = (message: RegExp): RegExp => new RegExp(`^${FIELD_PREFIX.source}${message.source}$`);

/** Why GitHub could not help (codehost.service.ts), as the start of a Korean sentence. */
const GITHUB_REASONS: readonly (readonly [string, string])[] = [
  ["GitHub's rate limit was reached", 'GitHub 요청 한도에 도달해'],
  ['GitHub is slow to answer right now', '지금 GitHub의 응답이 느려'],
  ['GitHub is not answering right now', '지금 GitHub가 응답하지 않아'],
  ['GitHub could not be reached', 'GitHub에 연결할 수 없어'],
];

/** What could not be done without GitHub: [regex source after the reason, Korean after it]. */
const GITHUB_OUTCOMES: readonly (readonly [string, string])[] = [
  [
    String.raw`, so the GitHub user '(.+)' could not be checked\. Please try again in a minute\.`,
    " GitHub 사용자 '$1'을(를) 확인하지 못했습니다. 1분 뒤 다시 시도하세요.",
  ],
  [
    String.raw`, so the repository could not be checked\. Please try again in a minute\.`,
    ' 저장소를 확인하지 못했습니다. 1분 뒤 다시 시도하세요.',
  ],
  [
    String.raw`, so the repository activity cannot be shown\. Please try again in a minute\.`,
    ' 저장소 활동을 표시할 수 없습니다. 1분 뒤 다시 시도하세요.',
  ],
  [
    String.raw`, so your repositories cannot be shown\. Please try again in a minute\.`,
    ' 내 저장소 목록을 표시할 수 없습니다. 1분 뒤 다시 시도하세요.',
  ],
  // The activity header of a list served from the cache (not an error, but shown the same way).
  [
    String.raw`; showing the repository activity as of (\S+)\.`,
    ' $1 기준의 저장소 활동을 표시합니다.',
  ],
  [
    String.raw`; showing your repositories as of (\S+)\.`,
    ' $1 기준의 내 저장소 목록을 표시합니다.',
  ],
];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

const githubMessages = GITHUB_REASONS.flatMap(([reason, korean]) =>
  GITHUB_OUTCOMES.map(
    ([outcome, rest]) => [new RegExp(`^${escape(reason)}${outcome}$`), korean + rest] as const,
  ),
);

const IMAGE_TYPES = '이미지는 PNG, JPEG, GIF, WebP, AVIF 중 하나로 업로드하세요.';

/**
 * The API's error messages in Korean: each English message (apps/server, packages/contract) as an
 * anchored pattern, with its translation (`$1`… for the parts that vary). The first match wins,
 * so a field's own wording comes before the general one.
 */
export const serverMessages: ServerMessages = [
  // --- Sessions and sign-in (auth/, errors.ts, plugins/security.ts) ---
  [/^Please sign in to continue\.$/, '계속하려면 로그인하세요.'],
  [
    /^Your session has expired\. Refresh it or log in again\.$/,
    '세션이 만료되었습니다. 세션을 갱신하거나 다시 로그인하세요.',
  ],
  [
    /^Login is required to access this service\. Please log in to continue\.$/,
    '이 서비스를 이용하려면 로그인이 필요합니다. 로그인한 뒤 계속하세요.',
  ],
  [/^Your session has ended\. Please log in again\.$/, '세션이 종료되었습니다. 다시 로그인하세요.'],
  [
    /^The login state does not match this browser\. Please start the login again\.$/,
    '로그인 상태가 이 브라우저와 일치하지 않습니다. 로그인을 처음부터 다시 시작하세요.',
  ],
  [/^GitHub did not accept the login: (.+)$/, 'GitHub가 로그인을 받아들이지 않았습니다: $1'],
  [
    /^GitHub could not complete the login right now\. Please try again\.$/,
    '지금은 GitHub에서 로그인을 완료할 수 없습니다. 다시 시도하세요.',
  ],
  [/^That account no longer exists\.$/, '더 이상 존재하지 않는 계정입니다.'],
  [
    /^Your GitHub authorization is missing\. Please log in again\.$/,
    'GitHub 인증 정보가 없습니다. 다시 로그인하세요.',
  ],
  [
    /^This request did not come from a Repolog page \(Origin check failed\)\.$/,
    '이 요청은 Repolog 페이지에서 보낸 것이 아닙니다(Origin 확인 실패).',
  ],

  // --- Blogs, members, favorites ---
  [/^Blog (\d+) was not found\.$/, 'ID가 $1인 블로그를 찾을 수 없습니다.'],
  [/^This blog does not exist\.$/, '이 블로그는 존재하지 않습니다.'],
  [
    /^The repository (.+) already has a blog\. A repository can have only one blog\.$/,
    '저장소 $1에는 이미 블로그가 있습니다. 저장소 하나에는 블로그를 하나만 만들 수 있습니다.',
  ],
  [
    /^blogMember: a blog can have at most (\d+) members, the owner included \(this list makes (\d+)\)\.$/,
    'blogMember: 블로그 멤버는 소유자를 포함해 최대 $1명입니다(이 목록은 $2명입니다).',
  ],
  [
    /^blogMember: no GitHub user found with the ID '(.+)'\.$/,
    "blogMember: ID가 '$1'인 GitHub 사용자를 찾을 수 없습니다.",
  ],
  [
    /^gitRepoUrl: the repository (.+) does not exist on GitHub or your GitHub account cannot see it\.$/,
    'gitRepoUrl: GitHub에 없는 저장소이거나 내 GitHub 계정으로 볼 수 없는 저장소입니다: $1',
  ],
  [
    /^gitRepoUrl: only people who can push to (.+) on GitHub can create its blog\.$/,
    'gitRepoUrl: GitHub에서 $1 저장소에 푸시할 수 있는 사람만 블로그를 만들 수 있습니다.',
  ],
  [
    /^gitRepoUrl: the repository of a blog cannot change \(this blog is linked to (.+)\)\.$/,
    'gitRepoUrl: 블로그의 저장소는 바꿀 수 없습니다(이 블로그는 $1에 연결되어 있습니다).',
  ],
  [/^Only members of this blog can edit it\.$/, '이 블로그의 멤버만 수정할 수 있습니다.'],
  [/^Only the owner of this blog can delete it\.$/, '이 블로그의 소유자만 삭제할 수 있습니다.'],
  [
    /^blogId in the body \((\d+)\) must match the blog in the path \((\d+)\)\.$/,
    '요청 본문의 blogId($1)는 경로의 블로그 ID($2)와 같아야 합니다.',
  ],

  // --- Users ---
  [/^No user with the login '(.+)' is known to Repolog\.$/, "Repolog에 '$1' 사용자가 없습니다."],

  // --- Breakthroughs, likes, revisions ---
  [/^This breakthrough does not exist\.$/, '이 브레이크스루는 존재하지 않습니다.'],
  [/^There is no breakthrough with id (\d+)\.$/, 'ID가 $1인 브레이크스루가 없습니다.'],
  [
    /^content: this markdown cannot be displayed \(it is nested too deeply or takes too long to render\)\. Please simplify it\.$/,
    'content: 이 마크다운은 표시할 수 없습니다(중첩이 너무 깊거나 렌더링에 너무 오래 걸립니다). 더 단순하게 고치세요.',
  ],
  [
    /^You are already saving several breakthroughs at once\. Wait until they are saved, then try again\.$/,
    '이미 여러 브레이크스루를 한꺼번에 저장하고 있습니다. 저장이 끝난 뒤 다시 시도하세요.',
  ],
  [
    /^The server is busy saving other breakthroughs\. Please try again in a few seconds\.$/,
    '서버가 다른 브레이크스루를 저장하느라 바쁩니다. 몇 초 뒤 다시 시도하세요.',
  ],
  [
    /^Only members of this blog can write breakthroughs in it\.$/,
    '이 블로그의 멤버만 브레이크스루를 쓸 수 있습니다.',
  ],
  [
    /^Only the author and co-authors can edit this breakthrough\.$/,
    '작성자와 공동 저자만 이 브레이크스루를 수정할 수 있습니다.',
  ],
  [
    /^blogId must be (\d+), the blog this breakthrough belongs to; a breakthrough cannot move to another blog\.$/,
    'blogId는 이 브레이크스루가 속한 블로그의 ID($1)여야 합니다. 브레이크스루는 다른 블로그로 옮길 수 없습니다.',
  ],
  [
    /^Only the author can delete this breakthrough\.$/,
    '작성자만 이 브레이크스루를 삭제할 수 있습니다.',
  ],
  [
    /^articleId in the body \((\d+)\) must match the article in the path \((\d+)\)\.$/,
    '요청 본문의 articleId($1)는 경로의 브레이크스루 ID($2)와 같아야 합니다.',
  ],
  [
    /^This breakthrough does not exist, or its history is shown to the members of its blog only\.$/,
    '이 브레이크스루가 존재하지 않거나, 수정 내역이 블로그 멤버에게만 공개됩니다.',
  ],
  [
    /^This revision does not exist for this breakthrough\.$/,
    '이 브레이크스루에는 해당 버전이 없습니다.',
  ],
  [/^This revision cannot be restored: (.+)\.$/, '이 버전은 복원할 수 없습니다: $1.'],

  // --- Drafts (the 409 conflict included) and live co-editing (LIVE_CLOSE reasons) ---
  [
    /^This draft does not exist, or it belongs to a blog you are not a member of\.$/,
    '이 초안이 존재하지 않거나, 멤버가 아닌 블로그의 초안입니다.',
  ],
  [
    /^This blog does not exist, or its drafts are shown to its members only\.$/,
    '이 블로그가 존재하지 않거나, 초안이 블로그 멤버에게만 공개됩니다.',
  ],
  [
    /^This draft was saved by someone else \(or in another tab\) after the version you based your changes on\. Here is the draft as it is now; nothing of theirs was overwritten\.$/,
    '내가 변경을 시작한 버전 이후에 다른 사람이(또는 다른 탭에서) 이 초안을 저장했습니다. 지금 상태의 초안을 보여 드립니다. 다른 사람이 쓴 내용은 덮어쓰지 않았습니다.',
  ],
  [
    /^This breakthrough already has unsaved changes being written; here they are\.$/,
    '이 브레이크스루에는 이미 작성 중인 저장되지 않은 변경 사항이 있습니다. 그 내용을 보여 드립니다.',
  ],
  [
    /^articleId: breakthrough (\d+) is not in this blog\.$/,
    'articleId: ID가 $1인 브레이크스루가 이 블로그에 없습니다.',
  ],
  [
    /^Only the member who started this draft, or the blog's owner, can delete it\.$/,
    '이 초안을 시작한 멤버나 블로그 소유자만 삭제할 수 있습니다.',
  ],
  [/^This draft cannot be posted yet\.$/, '이 초안은 아직 게시할 수 없습니다.'],
  [/^That message is not a change to this draft\.$/, '이 메시지는 이 초안의 변경 내용이 아닙니다.'],
  [
    /^Your session has ended\. Sign in again to keep editing\.$/,
    '세션이 종료되었습니다. 계속 수정하려면 다시 로그인하세요.',
  ],
  [
    /^This connection did not come from a Repolog page \(Origin check failed\)\.$/,
    '이 연결은 Repolog 페이지에서 온 것이 아닙니다(Origin 확인 실패).',
  ],
  [/^You are no longer a member of this blog\.$/, '더 이상 이 블로그의 멤버가 아닙니다.'],
  [
    /^This draft does not exist, or you are not a member of its blog\.$/,
    '이 초안이 존재하지 않거나, 이 초안이 속한 블로그의 멤버가 아닙니다.',
  ],
  [/^This draft has been posted\.$/, '이 초안은 게시되었습니다.'],
  [/^This draft has been deleted\.$/, '이 초안은 삭제되었습니다.'],
  [
    /^That change is too large to send at once \(more than 1 MB\)\.$/,
    '한 번에 보내기에는 변경 내용이 너무 큽니다(1MB 초과).',
  ],
  [
    /^Too many changes at once; reopen the draft to go on\.$/,
    '한꺼번에 너무 많이 변경했습니다. 계속하려면 초안을 다시 여세요.',
  ],

  // --- Comments ---
  [/^There is no comment with id (\d+)\.$/, 'ID가 $1인 댓글이 없습니다.'],
  [
    /^Comment (\d+) is not on breakthrough (\d+)\.$/,
    'ID가 $1인 댓글은 ID가 $2인 브레이크스루에 없습니다.',
  ],
  [/^Only the author of this comment can edit it\.$/, '댓글 작성자만 수정할 수 있습니다.'],
  [
    /^Only the author of this comment or the breakthrough's author can delete it\.$/,
    '댓글 작성자나 브레이크스루 작성자만 삭제할 수 있습니다.',
  ],

  // --- Notifications ---
  [/^There is no notification with id (\d+)\.$/, 'ID가 $1인 알림이 없습니다.'],
  [
    /^Only the recipient of this notification can mark it as read\.$/,
    '이 알림을 받은 사람만 읽음으로 표시할 수 있습니다.',
  ],

  // --- Image uploads (media/) ---
  [
    /^The image is larger than (\d+(?:\.\d+)?) MB, the most an upload may be\.$/,
    '이미지가 한 번에 업로드할 수 있는 최대 크기($1MB)보다 큽니다.',
  ],
  [
    /^Send the image as multipart\/form-data, in the form field '(.+)'\.$/,
    "이미지를 multipart/form-data 형식으로, '$1' 폼 필드에 담아 보내세요.",
  ],
  [
    /^Send one image per upload, in the form field '(.+)'\.$/,
    "업로드 한 번에 이미지 하나만 '$1' 폼 필드에 담아 보내세요.",
  ],
  [
    /^The upload was cut off or malformed\. Please try again\.$/,
    '업로드가 중간에 끊겼거나 형식이 잘못되었습니다. 다시 시도하세요.',
  ],
  [
    /^No image was sent: put it in the form field '(.+)'\.$/,
    "보낸 이미지가 없습니다. '$1' 폼 필드에 담아 보내세요.",
  ],
  [/^The file is empty\.$/, '빈 파일입니다.'],
  [
    /^This file is an SVG image, which can carry scripts\. Upload a PNG, JPEG, GIF, WebP or AVIF image\.$/,
    `이 파일은 스크립트를 담을 수 있는 SVG 이미지입니다. ${IMAGE_TYPES}`,
  ],
  [
    /^This file is a \.(\w+) file \((.+)\)\. Upload a PNG, JPEG, GIF, WebP or AVIF image\.$/,
    `이 파일은 .$1 파일($2)입니다. ${IMAGE_TYPES}`,
  ],
  [
    /^This file is markup \(HTML, XML or SVG\)\. Upload a PNG, JPEG, GIF, WebP or AVIF image\.$/,
    `이 파일은 마크업(HTML, XML 또는 SVG)입니다. ${IMAGE_TYPES}`,
  ],
  [
    /^This file is not an image we recognise\. Upload a PNG, JPEG, GIF, WebP or AVIF image\.$/,
    `이 파일은 인식할 수 있는 이미지가 아닙니다. ${IMAGE_TYPES}`,
  ],
  [
    /^The image is (\d+) × (\d+) pixels \((\d+(?:\.\d+)?) megapixels\); at most (\d+(?:\.\d+)?) megapixels are accepted\.$/,
    '이미지가 $1 × $2픽셀($3메가픽셀)입니다. 최대 $4메가픽셀까지 받을 수 있습니다.',
  ],
  [
    /^The animation has (\d+) frames of (\d+) × (\d+) pixels \((\d+(?:\.\d+)?) megapixels in all\); at most (\d+(?:\.\d+)?) megapixels are accepted\.$/,
    '애니메이션이 $2 × $3픽셀 프레임 $1개(모두 $4메가픽셀)입니다. 최대 $5메가픽셀까지 받을 수 있습니다.',
  ],
  [
    /^The file starts like a (\w+) image but could not be read: it is damaged or incomplete\.$/,
    '이 파일은 $1 이미지처럼 시작하지만 읽을 수 없습니다. 손상되었거나 불완전한 파일입니다.',
  ],
  [/^This image does not exist\.$/, '이 이미지는 존재하지 않습니다.'],
  [
    /^You have uploaded (\d+) images in the last hour, the most allowed\. Try again in (\d+) minutes?\.$/,
    '지난 한 시간 동안 허용된 최대 개수인 이미지 $1개를 업로드했습니다. $2분 뒤 다시 시도하세요.',
  ],
  [
    /^Your images take (\d+(?:\.\d+)? (?:bytes|KB|MB)) of the (\d+(?:\.\d+)? (?:bytes|KB|MB)) each person may store, and this one needs (\d+(?:\.\d+)? (?:bytes|KB|MB)) more\. Images no breakthrough or draft uses are removed a day after upload\.$/,
    '이미지는 한 사람당 $2까지 저장할 수 있는데 지금 $1를 쓰고 있어, $3가 더 필요한 이 이미지는 저장할 수 없습니다. 브레이크스루나 초안에서 쓰지 않는 이미지는 업로드 하루 뒤에 삭제됩니다.',
  ],

  // --- GitHub (codehost/) ---
  [/^No blog is linked to (.+)\.$/, '$1에 연결된 블로그가 없습니다.'],
  [
    /^The activity of a private repository is shown to its blog members only\.$/,
    '비공개 저장소의 활동은 블로그 멤버에게만 보입니다.',
  ],
  [
    /^(gitRepoUrl|html_url) must be a repository address on (\S+) \(like (\S+)\)\.$/,
    '$1 값은 $2의 저장소 주소여야 합니다(예: $3).',
  ],
  ...githubMessages,

  // --- The error handler, rate limits and the framework's own refusals ---
  [
    /^Something went wrong on our side\. Please try again\.$/,
    '서버에 문제가 생겼습니다. 다시 시도하세요.',
  ],
  [/^That already exists\.$/, '이미 존재합니다.'],
  [/^A related record no longer exists\.$/, '관련된 기록이 더 이상 존재하지 않습니다.'],
  [
    /^A value in the request is out of range or malformed\.$/,
    '요청의 값이 범위를 벗어났거나 형식이 잘못되었습니다.',
  ],
  [
    /^Rate limit exceeded, retry in (\d+) ms$/,
    '요청이 너무 많습니다. $1밀리초 뒤 다시 시도하세요.',
  ],
  [
    /^Rate limit exceeded, retry in (\d+) seconds?$/,
    '요청이 너무 많습니다. $1초 뒤 다시 시도하세요.',
  ],
  [
    /^Rate limit exceeded, retry in (\d+) minutes?$/,
    '요청이 너무 많습니다. $1분 뒤 다시 시도하세요.',
  ],
  [
    /^Rate limit exceeded, retry in (\d+) hours?$/,
    '요청이 너무 많습니다. $1시간 뒤 다시 시도하세요.',
  ],
  [/^Request body is too large$/, '요청 본문이 너무 큽니다.'],
  [/^Unsupported Media Type$/, '지원하지 않는 미디어 유형입니다.'],
  [/^Unsupported Media Type (.+)$/, '지원하지 않는 미디어 유형입니다: $1'],
  [
    /^Request body size did not match Content-Length$/,
    '요청 본문의 크기가 Content-Length와 일치하지 않습니다.',
  ],
  [
    /^Body cannot be empty when content-type is set to 'application\/json'$/,
    "content-type이 'application/json'이면 요청 본문이 비어 있을 수 없습니다.",
  ],
  [
    /^Body is not valid JSON but content-type is set to 'application\/json'$/,
    "content-type은 'application/json'인데 요청 본문이 올바른 JSON이 아닙니다.",
  ],
  [
    /^((?:body|querystring|params|headers)(?:\..+)?): the NUL character \(\\u0000\) is not allowed in text\.$/,
    '$1: 텍스트에는 NUL 문자(\\u0000)를 쓸 수 없습니다.',
  ],
  [/^No API route ([A-Z]+) (.+)\.$/, 'API 경로를 찾을 수 없습니다: $1 $2'],
  [
    /^Nothing at (.+)\. The web app is not built \(run npm run build\)\.$/,
    '찾을 수 없습니다: $1. 웹 앱이 빌드되지 않았습니다(npm run build를 실행하세요).',
  ],
  [/^Nothing at ([A-Z]+) (.+)\.$/, '찾을 수 없습니다: $1 $2'],
  [/^No file (.+)\.$/, '파일을 찾을 수 없습니다: $1'],
  [/^The sitemap has (\d+) page\(s\)\.$/, '사이트맵은 $1페이지까지 있습니다.'],
  [
    /^Share cards live at \/og\/(\w+)\/\{id\}\/\{version\}\.png\.$/,
    '공유 카드 주소는 /og/$1/{id}/{version}.png입니다.',
  ],
  [/^The database is not reachable\.$/, '데이터베이스에 연결할 수 없습니다.'],
  [
    /^Webhooks are not configured \(set GITHUB_WEBHOOK_SECRET\)\.$/,
    '웹훅이 설정되지 않았습니다(GITHUB_WEBHOOK_SECRET을 설정하세요).',
  ],
  [/^The webhook signature does not match\.$/, '웹훅 서명이 일치하지 않습니다.'],
  [/^The webhook body is not valid JSON\.$/, '웹훅 본문이 올바른 JSON이 아닙니다.'],
  [/^The webhook body names no repository\.$/, '웹훅 본문에 저장소가 없습니다.'],
  [
    /^The metrics need the METRICS_TOKEN bearer token\.$/,
    '메트릭을 보려면 METRICS_TOKEN 베어러 토큰이 필요합니다.',
  ],

  // --- Success messages some pages show as they came (not errors; here for the same lookup) ---
  [/^The blog has been created\.$/, '블로그를 만들었습니다.'],
  [/^The blog has been successfully deleted\.$/, '블로그를 삭제했습니다.'],
  [/^Your breakthrough has been posted\.$/, '브레이크스루를 게시했습니다.'],
  [/^The Breakthrough is deleted\.$/, '브레이크스루를 삭제했습니다.'],
  [/^The draft is deleted\.$/, '초안을 삭제했습니다.'],
  [/^Your changes have been saved\.$/, '변경 사항을 저장했습니다.'],
  [
    /^The breakthrough is back to revision (\d+), saved as a new revision\.$/,
    '브레이크스루를 버전 $1의 내용으로 되돌려 새 버전으로 저장했습니다.',
  ],
  [/^The comment has been deleted\.$/, '댓글을 삭제했습니다.'],
  [/^Your account has been deleted$/, '계정을 삭제했습니다.'],
  [/^Logged out$/, '로그아웃했습니다.'],

  // --- Field validation (packages/contract schemas): a field's own wording first ---
  [field(/title is required/), '$1제목을 입력하세요.'],
  [field(/title must be at most (\d+) characters/), '$1제목은 최대 $2자까지 입력할 수 있습니다.'],
  [field(/title must be text/), '$1제목은 텍스트여야 합니다.'],
  [field(/content is required/), '$1내용을 입력하세요.'],
  [field(/content must be at most (\d+) characters/), '$1내용은 최대 $2자까지 입력할 수 있습니다.'],
  [field(/content must be text/), '$1내용은 텍스트여야 합니다.'],
  [field(/blogName is required/), '$1블로그 이름을 입력하세요.'],
  [
    field(/blogName must be at most (\d+) characters/),
    '$1블로그 이름은 최대 $2자까지 입력할 수 있습니다.',
  ],
  [field(/description is required/), '$1소개를 입력하세요.'],
  [
    field(/description must be at most (\d+) bytes/),
    '$1소개는 최대 $2바이트까지 입력할 수 있습니다.',
  ],
  [field(/(?:gitRepoUrl|html_url) is required/), '$1저장소 주소를 입력하세요.'],
  [
    field(/(?:gitRepoUrl|html_url) must be at most (\d+) characters/),
    '$1저장소 주소는 최대 $2자까지 입력할 수 있습니다.',
  ],
  [field(/problem must be at most (\d+) characters/), '$1문제는 최대 $2자까지 입력할 수 있습니다.'],
  [
    field(/solution must be at most (\d+) characters/),
    '$1해결은 최대 $2자까지 입력할 수 있습니다.',
  ],
  [field(/about must be one of: (.+)/), '$1언어는 다음 중 하나여야 합니다: $2'],
  [field(/username is required/), '$1GitHub 사용자 ID를 입력하세요.'],
  [
    field(/username must be at most (\d+) characters/),
    '$1GitHub 사용자 ID는 최대 $2자까지 입력할 수 있습니다.',
  ],
  [
    field(
      /login must be a GitHub login: letters, digits and single hyphens, at most 39 characters/,
    ),
    '$1login 값은 GitHub 로그인 ID여야 합니다(영문자, 숫자, 연속되지 않은 하이픈으로 최대 39자).',
  ],
  [
    field(/blogMember must hold GitHub user ids \(letters, digits and single hyphens\)/),
    '$1멤버에는 GitHub 사용자 ID(영문자, 숫자, 연속되지 않은 하이픈)만 넣을 수 있습니다.',
  ],
  [
    field(/blogMember must be a list of GitHub user ids/),
    '$1멤버는 GitHub 사용자 ID 목록이어야 합니다.',
  ],
  [field(/blogMember may hold at most (\d+) members/), '$1멤버는 최대 $2명까지 넣을 수 있습니다.'],
  [
    field(/version must be the number of the version this save is based on/),
    '$1version 값은 이 저장의 기준이 된 버전 번호여야 합니다.',
  ],
  [field(/(\w+) must be one of: (.+)/), '$1$2 값은 다음 중 하나여야 합니다: $3'],
  [field(/(\w+) is required/), '$1$2 값은 필수입니다.'],
  [field(/(\w+) must be at most (\d+) characters/), '$1$2 값은 최대 $3자까지 입력할 수 있습니다.'],
  [field(/(\w+) must be text/), '$1$2 값은 텍스트여야 합니다.'],
  [field(/(\w+) must be a number/), '$1$2 값은 숫자여야 합니다.'],
  [field(/(\w+) must be a whole number/), '$1$2 값은 정수여야 합니다.'],
  [field(/(\w+) must be a positive number/), '$1$2 값은 양수여야 합니다.'],
  [field(/(\w+) must be at least (\d+)/), '$1$2 값은 $3 이상이어야 합니다.'],
  [field(/(\w+) must be at most (\d+)/), '$1$2 값은 $3 이하여야 합니다.'],
  [field(/(\w+) is out of range/), '$1$2 값이 범위를 벗어났습니다.'],
];
