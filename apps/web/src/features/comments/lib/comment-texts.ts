import { i18n } from '../../../i18n';

/** The comment texts of spec §2, §5 and §8, character for character. */
export const COMMENT_TEXTS = {
  empty: 'There is no Comment!',
  enterComment: 'Please enter a comment.',
  loginRequired: 'Login is required to access this service! Please log in to continue.',
  editEmpty: 'Content cannot be empty.',
  confirmDelete: 'Are you sure you want to delete this comment?',
  updated: 'Comment updated successfully.',
  updateFailed: 'Failed to update comment.',
  deleted: 'Comment deleted successfully.',
  deleteFailed: 'Failed to delete comment.',
} as const;

/** The same texts in the interface's language (English: COMMENT_TEXTS). */
export const commentTexts = i18n('commentTexts', { ...COMMENT_TEXTS });
