import { expect, test } from '@playwright/test';
import { bodyBox, bodyText } from '../support/editor';
import { uniqueTag, userPage } from '../support/reading';

// The stand-in's repolog-team/frontend (demo blog 32): issue #1 has a body, labels and comments.
const ISSUE = 'Editor loses the unsaved draft when the session refreshes';

test.describe('the repository tells the story', () => {
  test('a member searches the picker and inserts an issue into the body while a co-editor watches', async ({
    browser,
  }) => {
    test.slow();
    const dana = await userPage(browser, 'dana-kim');
    const sora = await userPage(browser, 'sora-lee');
    const title = uniqueTag('From issue one ');

    await dana.goto('/blog/32/breakthrough/write');
    await dana.getByLabel('Title').fill(title);
    await expect(dana).toHaveURL(/\?draft=\d+$/);
    await sora.goto(dana.url());
    await expect(sora.getByText('Editing with you:')).toBeVisible();

    await bodyBox(dana).click();
    await dana.keyboard.type('What we saw first.');
    await expect.poll(() => bodyText(sora)).toBe('What we saw first.');

    // Search by number: only #1 answers; choosing it offers to insert it.
    await dana.getByRole('combobox', { name: 'Problem' }).click();
    await dana
      .getByRole('searchbox', { name: 'Search issues, pull requests and commits' })
      .fill('#1');
    const option = dana.getByRole('listbox', { name: 'Problem' }).getByRole('option', {
      name: `${ISSUE} Issue #1 · closed`,
    });
    await expect(dana.getByRole('listbox', { name: 'Problem' }).getByRole('option')).toHaveCount(2);
    await option.click();
    await expect(dana.getByRole('combobox', { name: 'Problem' })).toContainText(ISSUE);
    const panel = dana.getByRole('region', { name: 'Import from the repository' });
    await panel.getByRole('button', { name: 'Insert into the body' }).click();

    // The section appears in sora's editor too, after what was written; nothing was replaced.
    await expect
      .poll(() => bodyText(sora))
      .toMatch(/^What we saw first\.\n\n### Issue \[#1\]\([^)]+\/issues\/1\): Editor loses/);
    const shared = await bodyText(sora);
    expect(shared).toContain('**State:** closed · **Author:** @sora-lee · **Labels:** bug, editor');
    expect(shared).toContain('Expected: the draft survives.');
    expect(shared).toContain(
      '> **@dana-kim:** Root cause: the draft lives in component state only.',
    );
    await expect.poll(() => bodyText(dana)).toBe(shared);

    await dana.getByRole('button', { name: 'Post' }).click();
    await expect(dana).toHaveURL(/\/blog\/32$/);
    await dana.getByRole('link', { name: title }).click();
    await expect(dana.getByRole('heading', { name: /Issue #1: Editor loses/ })).toBeVisible();
    // The article shows the issue it is about, with its state and a link to GitHub.
    const cards = dana.getByRole('region', { name: 'From the repository' });
    const card = cards.getByRole('listitem').filter({ hasText: ISSUE });
    await expect(card).toContainText('Issue');
    await expect(card).toContainText('#1');
    await expect(card).toContainText('Closed');
    await expect(card.getByRole('link', { name: 'View on GitHub' })).toHaveAttribute(
      'href',
      /\/repolog-team\/frontend\/issues\/1$/,
    );
    await dana.context().close();
    await sora.context().close();
  });
});
