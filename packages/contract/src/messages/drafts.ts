/** Drafts, and why the server ended a live co-editing connection (LIVE_CLOSE in ../live.ts). */
export const draftMessages = {
  'drafts.notFound': 'This draft does not exist, or it belongs to a blog you are not a member of.',
  'drafts.blogNotFound': 'This blog does not exist, or its drafts are shown to its members only.',
  'drafts.changed':
    'This draft was saved by someone else (or in another tab) after the version you based your changes on. Here is the draft as it is now; nothing of theirs was overwritten.',
  'drafts.editExists':
    'This breakthrough already has unsaved changes being written; here they are.',
  'drafts.articleNotInBlog': 'articleId: breakthrough {articleId} is not in this blog.',
  'drafts.deleteNotAllowed':
    "Only the member who started this draft, or the blog's owner, can delete it.",
  'drafts.notPostable': 'This draft cannot be posted yet.',
} as const;

export const liveMessages = {
  'live.malformed': 'That message is not a change to this draft.',
  'live.signedOut': 'Your session has ended. Sign in again to keep editing.',
  'live.foreignOrigin': 'This connection did not come from a Repolog page (Origin check failed).',
  'live.removed': 'You are no longer a member of this blog.',
  'live.suspended': 'Your account is suspended: you can read this draft but not edit it.',
  'live.notFound': 'This draft does not exist, or you are not a member of its blog.',
  'live.posted': 'This draft has been posted.',
  'live.deleted': 'This draft has been deleted.',
  'live.tooLarge': 'That change is too large to send at once (more than 1 MB).',
  'live.tooFast': 'Too many changes at once; reopen the draft to go on.',
} as const;
