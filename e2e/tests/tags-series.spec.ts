import { expect, test } from '@playwright/test';
import { uniqueTag } from '../support/reading';
import { signIn } from '../support/session';

// The demo: blog 32's series "Fast article pages" is breakthroughs 24, 25 and 27; 24, 25, 28 and
// 33 are tagged performance.
test.describe('tags, series and related breakthroughs', () => {
  test('a tag page lists its breakthroughs, newest or most liked first, with its feed', async ({
    page,
  }) => {
    await page.goto('/tag/performance');
    await expect(page.getByRole('heading', { name: '#performance' })).toBeVisible();
    await expect(
      page.getByRole('link', { name: /Lazy-loading the markdown editor cut our first load/ }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'RSS feed' })).toHaveAttribute(
      'href',
      '/tag/performance/rss.xml',
    );
    await page
      .getByRole('navigation', { name: 'Order of breakthroughs' })
      .getByRole('link', {
        name: 'Most liked',
      })
      .click();
    await expect(page).toHaveURL(/\/tag\/performance\?sort=likes$/);
    await expect(
      page.getByRole('link', { name: /Reserving space to kill layout shift/ }),
    ).toBeVisible();
  });

  test('a series is walked with next and previous, and its page lists every part', async ({
    page,
  }) => {
    await page.goto('/breakthrough/24');
    const series = page.getByRole('navigation', { name: /Part 1 of 3 — Fast article pages/ });
    await expect(series).toBeVisible();
    await series.getByRole('link', { name: /^Next:/ }).click();
    await expect(page).toHaveURL(/\/breakthrough\/25$/);
    const second = page.getByRole('navigation', { name: /Part 2 of 3 — Fast article pages/ });
    await expect(second).toBeVisible();
    await second.getByRole('link', { name: /^← Previous:/ }).click();
    await expect(page).toHaveURL(/\/breakthrough\/24$/);
    await page.getByRole('link', { name: /Part 1 of 3 — Fast article pages/ }).click();
    await expect(page).toHaveURL(/\/blog\/32\/series\/1$/);
    await expect(page.getByRole('heading', { name: 'Fast article pages' })).toBeVisible();
    const parts = page.getByRole('region', { name: 'Fast article pages' }).getByRole('listitem');
    await expect(parts).toHaveText([
      /Reserving space to kill layout shift/,
      /Lazy-loading the markdown editor/,
      /Dark mode code blocks/,
    ]);
  });

  test('related breakthroughs at the end of an article lead to them', async ({ page }) => {
    await page.goto('/breakthrough/25');
    const related = page.getByRole('region', { name: 'Related breakthroughs' });
    const link = related.getByRole('link', { name: /Reserving space to kill layout shift/ });
    await expect(link).toBeVisible();
    await link.click();
    await expect(page).toHaveURL(/\/breakthrough\/24$/);
  });

  test('without JavaScript, a series is walked with next and previous, and a related link followed', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/breakthrough/24');
    const first = page.getByRole('navigation', { name: /Part 1 of 3 — Fast article pages/ });
    await expect(first).toBeVisible();
    await expect(first.getByRole('link', { name: /Previous:/ })).toHaveCount(0);
    // The whole list opens without a script (a <details>), the current part marked.
    await first.getByText('All parts').click();
    await expect(first.getByRole('listitem')).toHaveText([
      /Reserving space to kill layout shift/,
      /Lazy-loading the markdown editor/,
      /Dark mode code blocks/,
    ]);
    await expect(first.locator('[aria-current="page"]')).toHaveText(/Reserving space/);

    await first.getByRole('link', { name: /^Next:/ }).click();
    await expect(page).toHaveURL(/\/breakthrough\/25$/);
    const second = page.getByRole('navigation', { name: /Part 2 of 3 — Fast article pages/ });
    await second.getByRole('link', { name: /^Next: Dark mode code blocks/ }).click();
    await expect(page).toHaveURL(/\/breakthrough\/27$/);
    const third = page.getByRole('navigation', { name: /Part 3 of 3 — Fast article pages/ });
    await expect(third.getByRole('link', { name: /^Next:/ })).toHaveCount(0);
    await third.getByRole('link', { name: /^← Previous: Lazy-loading/ }).click();
    await expect(page).toHaveURL(/\/breakthrough\/25$/);

    // The related breakthroughs at the end of the article are plain links too.
    const related = page.getByRole('region', { name: 'Related breakthroughs' });
    await related.getByRole('link', { name: /Reserving space to kill layout shift/ }).click();
    await expect(page).toHaveURL(/\/breakthrough\/24$/);
    await expect(
      page.getByRole('heading', { level: 1, name: /Reserving space to kill layout shift/ }),
    ).toBeVisible();

    // The series' own page lists its parts in order, each leading to its breakthrough.
    await page.getByRole('link', { name: /Part 1 of 3 — Fast article pages/ }).click();
    await expect(page).toHaveURL(/\/blog\/32\/series\/1$/);
    const parts = page.getByRole('region', { name: 'Fast article pages' }).getByRole('listitem');
    await expect(parts).toHaveText([
      /Reserving space to kill layout shift/,
      /Lazy-loading the markdown editor/,
      /Dark mode code blocks/,
    ]);
    await parts.getByRole('link', { name: /Dark mode code blocks/ }).click();
    await expect(page).toHaveURL(/\/breakthrough\/27$/);
    await context.close();
  });

  test('the write form suggests tags in use as the writer types', async ({ page }) => {
    await signIn(page, 'dana-kim');
    await page.goto('/blog/32/breakthrough/write');
    const tags = page.getByRole('combobox', { name: 'Tags' });
    await tags.fill('perf');
    const option = page.getByRole('option', { name: /#performance/ });
    await expect(option).toBeVisible();
    await tags.press('ArrowDown');
    await tags.press('Enter');
    await expect(page.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText([
      /#performance/,
    ]);
    // A tag outside the rules is refused naming it.
    await tags.fill('no spaces');
    await tags.press('Enter');
    await expect(
      page.getByRole('alert').filter({ hasText: 'Tag "no spaces" is not allowed' }),
    ).toBeVisible();
    await tags.fill('');
    const title = `Tagged from the form ${uniqueTag('t')}`;
    await page.getByLabel('Title').fill(title);
    await page.getByRole('textbox', { name: 'Body' }).fill('Chosen from the suggestions.');
    await page.getByRole('button', { name: 'Post' }).click();
    await expect(page).toHaveURL(/\/blog\/32$/);
    await page.goto('/tag/performance');
    await page.getByRole('link', { name: new RegExp(title) }).click();
    await expect(
      page.getByRole('list', { name: 'Tags' }).getByRole('link', { name: '#performance' }),
    ).toBeVisible();
  });
});
