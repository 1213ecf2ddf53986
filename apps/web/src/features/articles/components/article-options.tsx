import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { DropdownMenu } from '../../../components/ui/dropdown';
import { i18n, useMessages } from '../../../i18n';
import { useDeleteArticle } from '../api/delete-article';

export const DELETE_ARTICLE_CONFIRM = 'Are you sure you want to delete this breakthrough?';
export const ARTICLE_DELETED = 'The Breakthrough is deleted.';
export const ARTICLE_DELETE_FAILED = 'Failed to delete the article.';

const messages = i18n('articleOptions', {
  menu: 'Breakthrough options',
  edit: 'Edit',
  delete: 'Delete',
  confirmDelete: DELETE_ARTICLE_CONFIRM,
  deleted: ARTICLE_DELETED,
  deleteFailed: ARTICLE_DELETE_FAILED,
  yes: 'Yes',
  no: 'No',
});

/**
 * The author's options menu: Edit, and Delete behind a Yes/No confirmation (spec §2, §4). A
 * co-author's menu has Edit only: the author alone deletes.
 */
export function ArticleOptions({
  articleId,
  blogId,
  mayDelete = true,
}: {
  articleId: number;
  blogId: number;
  mayDelete?: boolean;
}) {
  const t = useMessages(messages);
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const removal = useDeleteArticle(articleId, {
    onSuccess: () => {
      window.alert(messages.get().deleted);
      void navigate(`/blog/${blogId}`);
    },
    onError: (error) => {
      console.error('deleting the article failed', error);
      setConfirming(false);
      window.alert(messages.get().deleteFailed);
    },
  });

  return (
    <>
      <DropdownMenu
        label={t.menu}
        items={[
          { label: t.edit, onSelect: () => void navigate(`/breakthrough/${articleId}/edit`) },
          ...(mayDelete
            ? [{ label: t.delete, onSelect: () => setConfirming(true), danger: true }]
            : []),
        ]}
      />
      {confirming && (
        <ConfirmDialog
          title={t.confirmDelete}
          confirmLabel={t.yes}
          cancelLabel={t.no}
          busy={removal.isPending}
          onConfirm={() => removal.mutate()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </>
  );
}
