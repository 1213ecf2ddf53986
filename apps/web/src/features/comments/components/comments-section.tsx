/** Placeholder: the comments block of the article page lands with the comments feature. */
export function CommentsSection({ articleId }: { articleId: number }) {
  return <section aria-label="Comments" data-article-id={articleId} />;
}
