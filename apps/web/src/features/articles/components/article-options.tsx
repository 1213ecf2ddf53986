import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { DropdownMenu } from '../../../components/ui/dropdown';
import { deleteArticle } from '../api/article';

export const DELETE_ARTICLE_CONFIRM = 'Are you sure you want to delete this breakthrough?';
export const ARTICLE_DELETED = 'The Breakthrough is deleted.';
export const ARTICLE_DELETE_FAILED = 'Failed to delete the article.';

/** The author's options menu: Edit, and Delete behind a Yes/No confirmation (spec §2, §4). */
export function ArticleOptions({ articleId, blogId }: { articleId: number; blogId: number }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const remove = async () => {
    setBusy(true);
    try {
      await deleteArticle(articleId);
    } catch (error) {
      console.error('deleting the article failed', error);
      setBusy(false);
      setConfirming(false);
      window.alert(ARTICLE_DELETE_FAILED);
      return;
    }
    queryClient.removeQueries({ queryKey: ['articles', 'detail', articleId] });
    void queryClient.invalidateQueries({ queryKey: ['articles'] });
    void queryClient.invalidateQueries({ queryKey: ['blogs', 'detail', blogId] });
    window.alert(ARTICLE_DELETED);
    void navigate(`/blog/${blogId}`);
  };

  return (
    <>
      <DropdownMenu
        label="Breakthrough options"
        items={[
          { label: 'Edit', onSelect: () => void navigate(`/breakthrough/${articleId}/edit`) },
          { label: 'Delete', onSelect: () => setConfirming(true), danger: true },
        ]}
      />
      {confirming && (
        <ConfirmDialog
          title={DELETE_ARTICLE_CONFIRM}
          confirmLabel="Yes"
          cancelLabel="No"
          busy={busy}
          onConfirm={() => void remove()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </>
  );
}
