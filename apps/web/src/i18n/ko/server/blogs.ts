import type { MessageKey } from '@repolog/contract/messages';

/** Blogs, members, favorites (contract: messages/blogs.ts). */
export const blogs = {
  'blogs.notFound': 'ID가 {blogId}인 블로그를 찾을 수 없습니다.',
  'blogs.gone': '이 블로그는 존재하지 않습니다.',
  'blogs.repoTaken':
    '저장소 {repo}에는 이미 블로그가 있습니다. 저장소 하나에는 블로그를 하나만 만들 수 있습니다.',
  'blogs.tooManyMembers':
    'blogMember: 블로그 멤버는 소유자를 포함해 최대 {max}명입니다(이 목록은 {count}명입니다).',
  'blogs.memberNotFound': "blogMember: ID가 '{login}'인 GitHub 사용자를 찾을 수 없습니다.",
  'blogs.repoNotFound':
    'gitRepoUrl: GitHub에 없는 저장소이거나 내 GitHub 계정으로 볼 수 없는 저장소입니다: {repo}',
  'blogs.cannotPush':
    'gitRepoUrl: GitHub에서 {repo} 저장소에 푸시할 수 있는 사람만 블로그를 만들 수 있습니다.',
  'blogs.repoFixed':
    'gitRepoUrl: 블로그의 저장소는 바꿀 수 없습니다(이 블로그는 {repo}에 연결되어 있습니다).',
  'blogs.membersOnly': '이 블로그의 멤버만 수정할 수 있습니다.',
  'blogs.ownerOnlyDelete': '이 블로그의 소유자만 삭제할 수 있습니다.',
  'favorites.blogMismatch':
    '요청 본문의 blogId({bodyBlogId})는 경로의 블로그 ID({blogId})와 같아야 합니다.',
} satisfies Partial<Record<MessageKey, string>>;
