import { i18n } from '../../../i18n';

/** Texts of spec §8 used by more than one part of the blog page. */
export const blogTexts = i18n('blogTexts', {
  loadFailed: 'Failed to fetch blog data or activities.',
  notFound: 'Blog not found.',
  deleted: 'The blog has been successfully deleted.',
  deleteFailed: 'Failed to delete the blog. Please try again.',
  deleteConfirm: 'Are you sure you want to delete this blog?',
});
