/** Breakthroughs, likes, revisions, comments and notifications. */
export const articleMessages = {
  'articles.notFound': 'This breakthrough does not exist.',
  'articles.noSuchId': 'There is no breakthrough with id {articleId}.',
  'articles.unrenderable':
    'content: this markdown cannot be displayed (it is nested too deeply or takes too long to render). Please simplify it.',
  'articles.tooManyRenders':
    'You are already saving several breakthroughs at once. Wait until they are saved, then try again.',
  'articles.rendererBusy':
    'The server is busy saving other breakthroughs. Please try again in a few seconds.',
  'articles.membersOnlyWrite': 'Only members of this blog can write breakthroughs in it.',
  'articles.authorsOnlyEdit': 'Only the author and co-authors can edit this breakthrough.',
  'articles.cannotMove':
    'blogId must be {blogId}, the blog this breakthrough belongs to; a breakthrough cannot move to another blog.',
  'articles.authorOnlyDelete': 'Only the author can delete this breakthrough.',
  'likes.articleMismatch':
    'articleId in the body ({bodyArticleId}) must match the article in the path ({articleId}).',
  'revisions.historyNotFound':
    'This breakthrough does not exist, or its history is shown to the members of its blog only.',
  'revisions.notFound': 'This revision does not exist for this breakthrough.',
  /** `reason`: the message of the field check the revision fails. */
  'revisions.unrestorable': 'This revision cannot be restored: {reason}.',
  'comments.notFound': 'There is no comment with id {commentId}.',
  'comments.notOnArticle': 'Comment {commentId} is not on breakthrough {articleId}.',
  'comments.authorOnlyEdit': 'Only the author of this comment can edit it.',
  'comments.authorsOnlyDelete':
    "Only the author of this comment or the breakthrough's author can delete it.",
  'notifications.notFound': 'There is no notification with id {noticeId}.',
  'notifications.recipientOnly': 'Only the recipient of this notification can mark it as read.',
} as const;
