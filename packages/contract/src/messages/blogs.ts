/** Blogs, their members and favorites (blogs/, favorites/). */
export const blogMessages = {
  'blogs.notFound': 'Blog {blogId} was not found.',
  'blogs.gone': 'This blog does not exist.',
  'blogs.repoTaken':
    'The repository {repo} already has a blog. A repository can have only one blog.',
  'blogs.tooManyMembers':
    'blogMember: a blog can have at most {max} members, the owner included (this list makes {count}).',
  'blogs.memberNotFound': "blogMember: no GitHub user found with the ID '{login}'.",
  'blogs.repoNotFound':
    'gitRepoUrl: the repository {repo} does not exist on GitHub or your GitHub account cannot see it.',
  'blogs.cannotPush':
    'gitRepoUrl: only people who can push to {repo} on GitHub can create its blog.',
  'blogs.repoFixed':
    'gitRepoUrl: the repository of a blog cannot change (this blog is linked to {repo}).',
  'blogs.membersOnly': 'Only members of this blog can edit it.',
  'blogs.ownerOnlyDelete': 'Only the owner of this blog can delete it.',
  'favorites.blogMismatch':
    'blogId in the body ({bodyBlogId}) must match the blog in the path ({blogId}).',
} as const;
