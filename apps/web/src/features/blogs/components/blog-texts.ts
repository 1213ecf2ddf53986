/** Texts of spec §8 used by more than one part of the blog page. */
export const BLOG_LOAD_FAILED = 'Failed to fetch blog data or activities.';
export const BLOG_NOT_FOUND = 'Blog not found.';
export const BLOG_DELETED = 'The blog has been successfully deleted.';
export const BLOG_DELETE_FAILED = 'Failed to delete the blog. Please try again.';
export const DELETE_BLOG_CONFIRM = 'Are you sure you want to delete this blog?';
