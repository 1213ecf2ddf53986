import { expect, test } from '@playwright/test';
import type { Stats } from '@repolog/contract/stats';
import { uniqueTag, userPage, writeArticle } from '../support/reading';

const READER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

test.describe('writers’ stats', () => {
  test('a visitor reads a breakthrough; its writer’s dashboard shows the view and the read', async ({
    browser,
  }) => {
    // Signed in by requests (the sign-in pages are auth.spec.ts's journey): this one is long
    // enough with the writer's and the visitor's pages on a loaded machine.
    const page = await userPage(browser, 'dana-kim');
    const title = uniqueTag('Read to the end ');
    const articleId = await writeArticle(page, title);

    // Headless Chromium names itself HeadlessChrome, which the bot list knows: the visitor
    // reads with an everyday browser's user agent (the writer's own visits count as a bot's).
    const visitor = await (await browser.newContext({ userAgent: READER_AGENT })).newPage();
    // A read needs the reader to have stayed a while (reading-beacon.ts): the visitor's clock is
    // moved on instead of the journey waiting for it.
    await visitor.clock.install();
    const read = visitor.waitForRequest((request) => request.url().endsWith('/api/stats/read'));
    const view = visitor.waitForRequest((request) => request.url().endsWith('/api/stats/view'));
    await visitor.goto(`/breakthrough/${articleId}`);
    await expect(
      visitor.getByRole('heading', { name: title, exact: true, level: 1 }),
    ).toBeVisible();
    await view;
    await visitor.mouse.wheel(0, 4000);
    await visitor.clock.fastForward(10_000);
    await read;
    // Counted in memory, added to the aggregates within STATS_FLUSH_MS: the writer's stats answer
    // the view and the read once flushed. The visitor's page stays open until then (closing it
    // may cancel the beacon still on its way), and the dashboard is opened once, after: reloading
    // it until the read showed spent its 2 s per look on loading the page on a loaded machine.
    const counted = async () => {
      const res = await page.request.get(`/api/stats/articles/${articleId}?days=7`);
      const { days } = (await res.json()) as Stats;
      return days.reduce(
        (sum, day) => ({ views: sum.views + day.views, reads: sum.reads + day.reads }),
        {
          views: 0,
          reads: 0,
        },
      );
    };
    await expect.poll(counted).toEqual({ views: 1, reads: 1 });
    await visitor.context().close();

    await page.goto(`/breakthrough/${articleId}`);
    await page.getByRole('link', { name: 'Stats' }).click();
    await expect(page).toHaveURL(new RegExp(`/breakthrough/${articleId}/stats$`));
    await expect(page.getByRole('heading', { name: `Stats of ${title}` })).toBeVisible();
    await expect(page.getByTestId('total-Reads')).toHaveText('1');
    await expect(page.getByTestId('total-Views')).toHaveText('1');
    await expect(page.getByTestId('total-Read ratio')).toHaveText('100%');

    const chart = page.getByRole('figure', { name: 'Views and reads per day' });
    await expect(chart.locator('.uplot canvas')).toBeVisible();
    await chart.getByRole('button', { name: 'Show as a table' }).click();
    const today = new Date().toISOString().slice(0, 10);
    const row = chart.getByRole('row', { name: today });
    await expect(row.getByRole('cell')).toHaveText(['1', '1']);
    await expect(chart.locator('.uplot')).toHaveCount(0);

    // The blog's dashboard from the workspace: the breakthrough is its most read.
    await page.goto('/workspace');
    await page.getByRole('link', { name: 'Stats of your blogs' }).click();
    await expect(page.getByRole('heading', { name: 'Stats', exact: true })).toBeVisible();
    // The blog the breakthrough was written in (other journeys may have given dana more blogs).
    const tab = page
      .getByRole('navigation', { name: 'Your blogs' })
      .getByRole('button', { name: 'Repolog Frontend', exact: true });
    await tab.click();
    await expect(tab).toHaveAttribute('aria-pressed', 'true');
    const top = page.getByRole('region', { name: 'Most read breakthroughs' });
    await expect(top.getByRole('row', { name: new RegExp(title) })).toBeVisible();
  });
});
