import type { Blog } from '@repolog/contract/blogs';
import { limits } from '@repolog/contract/limits';
import type { Series } from '@repolog/contract/series';
import { useId, useState, type DragEvent } from 'react';
import { useNavigate } from 'react-router';
import { i18n, params, useMessages } from '../../../i18n';
import { useDeleteSeries, useUpdateSeries } from '../api/series';
import styles from './series.module.css';

const messages = i18n('seriesEditor', {
  name: 'Series name',
  parts: 'Breakthroughs in reading order',
  dragHint: 'Drag a breakthrough, or use Move up and Move down, to change the order.',
  moveUp: params('Move {title} up'),
  moveDown: params('Move {title} down'),
  remove: params('Remove {title} from the series'),
  up: 'Move up',
  down: 'Move down',
  drop: 'Remove',
  add: 'Add a breakthrough',
  choose: 'Choose a breakthrough of this blog',
  save: 'Save series',
  saving: 'Saving…',
  cancel: 'Cancel',
  delete: 'Delete series',
  moved: params('{title} is now part {position}.'),
  error: params('Error: {message}'),
});

interface Part {
  articleId: number;
  title: string;
}

/** Moves the item at `from` to `to`, the others keeping their order. */
const moved = <T,>(list: readonly T[], from: number, to: number): T[] => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
};

/**
 * A member's editing of a series: its name, and its breakthroughs' order by dragging or by the
 * Move up / Move down buttons (the keyboard's way; the new place is announced), adding the
 * blog's breakthroughs and removing parts. Saved as a whole (PUT /api/series/{id}).
 */
export function SeriesEditor({
  series,
  blog,
  onDone,
}: {
  series: Series;
  blog: Blog;
  onDone: () => void;
}) {
  const t = useMessages(messages);
  const id = useId();
  const navigate = useNavigate();
  const [name, setName] = useState(series.name);
  const [parts, setParts] = useState<Part[]>(
    series.items.map((item) => ({ articleId: item.articleId, title: item.title })),
  );
  const [dragging, setDragging] = useState<number | null>(null);
  const [announce, setAnnounce] = useState('');
  const update = useUpdateSeries(series.seriesId);
  const remove = useDeleteSeries(series.seriesId);
  const candidates = blog.break_throughs.filter(
    (article) => !parts.some((part) => part.articleId === article.articleId),
  );

  const move = (from: number, to: number) => {
    if (to < 0 || to >= parts.length || from === to) return;
    const part = parts[from];
    setParts(moved(parts, from, to));
    if (part) setAnnounce(t.moved({ title: part.title, position: to + 1 }));
  };

  const onDrop = (event: DragEvent, to: number) => {
    event.preventDefault();
    if (dragging !== null) move(dragging, to);
    setDragging(null);
  };

  const save = () =>
    update.mutate(
      { name: name.trim(), articleIds: parts.map((part) => part.articleId) },
      { onSuccess: onDone },
    );

  const failure = update.error ?? remove.error;
  return (
    <div className={styles.editor}>
      <div className={styles.field}>
        <label htmlFor={`${id}-name`}>{t.name}</label>
        <input
          id={`${id}-name`}
          value={name}
          maxLength={limits.seriesName.max}
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <p id={`${id}-hint`}>{t.dragHint}</p>
      <ol className={styles.rows} aria-label={t.parts} aria-describedby={`${id}-hint`}>
        {parts.map((part, index) => (
          <li
            key={part.articleId}
            className={styles.row}
            draggable
            data-dragging={dragging === index}
            onDragStart={(event) => {
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', String(part.articleId));
              setDragging(index);
            }}
            onDragOver={(event) => event.preventDefault()}
            onDrop={(event) => onDrop(event, index)}
            onDragEnd={() => setDragging(null)}
          >
            <span className={styles.handle} aria-hidden="true">
              ⠿
            </span>
            <span className={styles.rowTitle}>
              {index + 1}. {part.title}
            </span>
            <button
              type="button"
              className={styles.button}
              aria-label={t.moveUp({ title: part.title })}
              disabled={index === 0}
              onClick={() => move(index, index - 1)}
            >
              {t.up}
            </button>
            <button
              type="button"
              className={styles.button}
              aria-label={t.moveDown({ title: part.title })}
              disabled={index === parts.length - 1}
              onClick={() => move(index, index + 1)}
            >
              {t.down}
            </button>
            <button
              type="button"
              className={styles.button}
              aria-label={t.remove({ title: part.title })}
              onClick={() => setParts(parts.filter((other) => other !== part))}
            >
              {t.drop}
            </button>
          </li>
        ))}
      </ol>
      <p className="visually-hidden" role="status">
        {announce}
      </p>
      {candidates.length > 0 && (
        <div className={styles.field}>
          <label htmlFor={`${id}-add`}>{t.add}</label>
          <select
            id={`${id}-add`}
            value=""
            onChange={(event) => {
              const chosen = candidates.find((c) => String(c.articleId) === event.target.value);
              if (chosen) {
                setParts([...parts, { articleId: chosen.articleId, title: chosen.articleTitle }]);
              }
            }}
          >
            <option value="">{t.choose}</option>
            {candidates.map((article) => (
              <option key={article.articleId} value={article.articleId}>
                {article.articleTitle}
              </option>
            ))}
          </select>
        </div>
      )}
      {failure && (
        <p role="alert" className={styles.error}>
          {t.error({ message: failure.message })}
        </p>
      )}
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.primary}
          disabled={update.isPending || name.trim() === ''}
          onClick={save}
        >
          {update.isPending ? t.saving : t.save}
        </button>
        <button type="button" className={styles.button} onClick={onDone}>
          {t.cancel}
        </button>
        <button
          type="button"
          className={styles.button}
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(undefined, { onSuccess: () => void navigate(`/blog/${blog.blog_id}`) })
          }
        >
          {t.delete}
        </button>
      </div>
    </div>
  );
}
