import { describe, expect, it } from 'vitest';
import { can } from './permissions';

const dana = { userId: 1, userName: 'dana-kim' };
const sora = { userId: 2, userName: 'sora-lee' };
const blog = { members: ['Dana-Kim', 'sora-lee'], owner: 'dana-kim' };

describe('can()', () => {
  it('lets no visitor do anything', () => {
    expect(can(null, 'blog.write', blog)).toBe(false);
    expect(can(undefined, 'notice.mark', { recipientId: 1 })).toBe(false);
  });

  it('lets members write and edit, and only the owner delete (logins compared without case)', () => {
    expect(can(dana, 'blog.write', blog)).toBe(true);
    expect(can(sora, 'blog.edit', blog)).toBe(true);
    expect(can(dana, 'blog.delete', blog)).toBe(true);
    expect(can(sora, 'blog.delete', blog)).toBe(false);
    expect(can({ userId: 3, userName: 'alex-chen' }, 'blog.write', blog)).toBe(false);
  });

  it('decides by user id when ids are known, so a stale login grants nothing', () => {
    const withIds = { ...blog, memberIds: [1, 2], ownerId: 1 };
    const impostor = { userId: 99, userName: 'dana-kim' };
    expect(can(impostor, 'blog.write', withIds)).toBe(false);
    expect(can(impostor, 'blog.delete', withIds)).toBe(false);
    expect(can(dana, 'blog.delete', withIds)).toBe(true);
  });

  it('lets only the author edit or delete an article', () => {
    const article = { userId: 2, blog };
    expect(can(sora, 'article.edit', article)).toBe(true);
    expect(can(dana, 'article.delete', article)).toBe(false);
    expect(can(dana, 'article.edit', { userId: null, blog })).toBe(false);
  });

  it("lets a comment's author edit it, and its author or the article's author delete it", () => {
    const comment = { authorId: 2, article: { userId: 1 } };
    expect(can(sora, 'comment.edit', comment)).toBe(true);
    expect(can(dana, 'comment.edit', comment)).toBe(false);
    expect(can(dana, 'comment.delete', comment)).toBe(true);
    expect(can({ userId: 3, userName: 'x' }, 'comment.delete', comment)).toBe(false);
  });

  it('lets only the recipient mark a notification', () => {
    expect(can(dana, 'notice.mark', { recipientId: 1 })).toBe(true);
    expect(can(sora, 'notice.mark', { recipientId: 1 })).toBe(false);
  });

  it("lets members open and save a blog's drafts, and its creator or the owner delete one", () => {
    const alex = { userId: 3, userName: 'alex-chen' };
    const sorasDraft = { creatorId: 2, blog };
    expect(can(dana, 'draft.edit', sorasDraft)).toBe(true);
    expect(can(sora, 'draft.edit', sorasDraft)).toBe(true);
    expect(can(alex, 'draft.edit', sorasDraft)).toBe(false);
    expect(can(null, 'draft.edit', sorasDraft)).toBe(false);
    expect(can(sora, 'draft.delete', sorasDraft)).toBe(true);
    expect(can(dana, 'draft.delete', sorasDraft)).toBe(true);
    expect(can(sora, 'draft.delete', { creatorId: 1, blog })).toBe(false);
    // A creator who left the blog no longer reaches its drafts.
    expect(can(alex, 'draft.delete', { creatorId: 3, blog })).toBe(false);
  });

  it("shows a breakthrough's history to the members of its blog only", () => {
    expect(can(sora, 'article.history', { userId: 1, blog })).toBe(true);
    expect(can({ userId: 3, userName: 'alex-chen' }, 'article.history', { userId: 3, blog })).toBe(
      false,
    );
  });
});
