import { expect, test } from '@playwright/test';
import { signIn } from '../support/session';

test.describe('home page', () => {
  test('a visitor sees the banner carousel, the two top-10 strips and no favorites section', async ({
    page,
  }) => {
    await page.goto('/home');
    const carousel = page.getByRole('region', { name: 'Featured' });
    const slides = carousel.locator('[aria-roledescription="slide"]');
    await expect(slides).toHaveCount(3);
    // First banner -> the official blog, second has no link, third -> article 25.
    await expect(slides.nth(0).getByRole('link')).toHaveAttribute('href', '/blog/39');
    await expect(slides.nth(1).locator('a')).toHaveCount(0);
    await expect(slides.nth(2).locator('a')).toHaveAttribute('href', '/breakthrough/25');
    for (let i = 0; i < 3; i += 1) {
      await expect(slides.nth(i).locator('img')).toHaveJSProperty('complete', true);
      expect(
        await slides
          .nth(i)
          .locator('img')
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      ).toBeGreaterThan(0);
    }
    // Dots, no arrows.
    await expect(carousel.getByRole('button', { name: /^Show slide \d of 3$/ })).toHaveCount(3);
    await expect(carousel.getByRole('button', { name: /previous|next|arrow/i })).toHaveCount(0);

    const breakthroughs = page.getByRole('region', { name: "Top 10 of Today's Breakthroughs" });
    const cards = breakthroughs.getByRole('link');
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeLessThanOrEqual(10);
    await expect(cards.first()).toHaveAttribute('href', /^\/breakthrough\/\d+$/);
    // 'createdAt | blogName' (the time as "3 hours ago"), then likes and comments.
    await expect(cards.first()).toContainText(/(ago|just now|yesterday|last \w+) \| \S/);
    await expect(cards.first()).toHaveAccessibleName(/ \d+ likes? \d+ comments?$/);
    // The demo's most liked breakthrough of the day is among them.
    await expect(breakthroughs.locator('a[href="/breakthrough/25"]')).toHaveCount(1);

    const blogs = page.getByRole('region', { name: "Top 10 of Today's Blog" });
    await expect(blogs.getByRole('link').first()).toHaveAttribute('href', /^\/blog\/\d+$/);
    await expect(blogs.getByRole('link', { name: /Repolog Frontend/ })).toContainText(
      'How the Repolog web team',
    );
    // The official notice board is not ranked.
    await expect(blogs.getByRole('link', { name: /Repolog Official/ })).toHaveCount(0);
    // Two-line clamp on the card texts.
    const clamp = await cards
      .first()
      .locator('.clamp-2')
      .first()
      .evaluate((el) => getComputedStyle(el).webkitLineClamp);
    expect(clamp).toBe('2');

    await expect(
      page.getByRole('heading', { name: 'List of Your fav Breakthroughs & Blogs' }),
    ).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toContainText('South Korea');

    const first = await cards.first().getAttribute('href');
    await cards.first().click();
    await expect(page).toHaveURL(new RegExp(`${first}$`));
  });

  test('the carousel plays by itself, pauses while hovered, and a dot shows its slide', async ({
    page,
  }) => {
    // The page's clock is ours: it stands still unless the test moves it.
    await page.clock.install();
    await page.goto('/home');
    const carousel = page.getByRole('region', { name: 'Featured' });
    const current = carousel.locator('[aria-roledescription="slide"]:not([inert])');
    // The server's HTML shows the carousel at once; it plays once the app has taken over (the
    // header's session controls need the app too), which happens after the first paint.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    const first = Number((await current.getAttribute('aria-label'))?.split(' ')[0]);
    // 2500 ms between slides: any 2500 ms hold exactly one change.
    await page.clock.runFor(2_500);
    await expect(current).toHaveAttribute('aria-label', `${(first % 3) + 1} of 3`);

    await carousel.hover();
    await expect(carousel).toHaveAttribute('data-playing', 'false');
    const label = await current.getAttribute('aria-label');
    await page.clock.runFor(6_000);
    await expect(current).toHaveAttribute('aria-label', label ?? '');

    await page.mouse.move(0, 0);
    await expect(carousel).toHaveAttribute('data-playing', 'true');
    await carousel.getByRole('button', { name: 'Show slide 3 of 3' }).click();
    await page.clock.runFor(1_200);
    await expect(current).toHaveAttribute('aria-label', '3 of 3');
    await expect(carousel.getByRole('button', { name: 'Show slide 3 of 3' })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });

  test('a signed-in reader also gets the favorites section with links to both lists', async ({
    page,
  }) => {
    await signIn(page, 'dana-kim');
    const section = page.getByRole('region', { name: 'List of Your fav Breakthroughs & Blogs' });
    await expect(section.getByRole('link')).toHaveCount(2);
    await section.getByRole('link', { name: /Breakthroughs what you liked/ }).click();
    await expect(page).toHaveURL(/\/like\/breakthrough$/);
    await page.goBack();
    await section.getByRole('link', { name: /Blogs you followed/ }).click();
    await expect(page).toHaveURL(/\/follow\/blog$/);
  });

  test('reduced motion: the carousel does not play by itself', async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.clock.install();
    await page.goto('/home');
    const carousel = page.getByRole('region', { name: 'Featured' });
    await expect(carousel).toHaveAttribute('data-playing', 'false');
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    await page.clock.runFor(6_000);
    await expect(carousel.locator('[aria-roledescription="slide"]:not([inert])')).toHaveAttribute(
      'aria-label',
      '1 of 3',
    );
    await context.close();
  });
});
