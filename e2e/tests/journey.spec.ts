import { expect, test } from '@playwright/test';
import { collectAlerts, loginAs } from '../support/session';
import { uniqueTag } from '../support/reading';

// The stand-in's jisoo-han/kafka-outbox (private; alex-chen collaborates) has no blog yet.
const REPO = 'jisoo-han/kafka-outbox';
const ISSUE = 'Relay publishes duplicates after a consumer group rebalance';
const COMMIT = 'fix: idempotent producer and a transactional id per relay';

/**
 * Issue 4's "done when", walked as a new user would in demo mode, through the pages only:
 * create a blog from a GitHub repository with a contributor, write a breakthrough from an issue
 * and a commit, find it by search and by language, like it, favorite the blog, see both in the
 * lists and on /home, edit it, delete it; a non-member sees no controls and the API refuses.
 * The repository is private (issue 20): members see its items' cards, the non-member only titles.
 */
test('a team blog from a repository, its breakthrough, and someone from outside the team', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const tag = uniqueTag('outbox');
  const title = `Exactly-once relays ${tag}`;
  const alerts = collectAlerts(page);

  // 1. Create the blog from the workspace.
  await loginAs(page, 'jisoo-han');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Workspace' })
    .click();
  await expect(
    page.getByRole('heading', { name: 'You are currently running these blogs.' }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'create a new tech blog' }).click();
  await expect(page).toHaveURL(/\/workspace\/makeblog$/);
  await page.getByLabel('Blog name').fill('Kafka Outbox Notes');
  await page
    .getByLabel('Description')
    .fill('Transactional outbox to Kafka: what broke and how we fixed it.');
  await page.getByRole('combobox', { name: 'Repository' }).click();
  await page.getByRole('option', { name: new RegExp(`^${REPO}`) }).click();
  await page.getByLabel('Contributor GitHub ID').fill('alex-chen');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(
    page.getByRole('list', { name: 'Project members' }).getByRole('listitem'),
  ).toHaveText(['jisoo-hanOwner', 'alex-chen']);
  await page.getByRole('button', { name: 'Create blog' }).click();
  await expect(page).toHaveURL(/\/blog\/\d+$/);
  const blogPath = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kafka Outbox Notes');
  await expect(page.getByText('Share your breakthroughs with us!')).toBeVisible();

  // 2. Write a breakthrough whose problem is an issue and whose solution is a commit.
  await page.getByRole('link', { name: 'Post my own breakthroughs' }).click();
  await page.getByLabel('Title').fill(title);
  await page
    .getByRole('textbox', { name: 'Body' })
    .fill(
      '## Duplicates after a rebalance\n\n```kotlin\nproducer.initTransactions()\n```\n\nAn idempotent producer fixed it.',
    );
  await page.getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: 'Kotlin' }).click();
  await page.getByRole('combobox', { name: 'Problem' }).click();
  await page
    .getByRole('listbox', { name: 'Problem' })
    .getByRole('option', { name: `${ISSUE} Issue` })
    .click();
  // The commit has the title of the pull request it came from: each is its own option.
  await page.getByRole('combobox', { name: 'Solution' }).click();
  const solutions = page.getByRole('listbox', { name: 'Solution' });
  await expect(solutions.getByRole('option', { name: `${COMMIT} Pull request #2` })).toBeVisible();
  const commitOption = solutions.getByRole('option', { name: `${COMMIT} Commit` });
  const shortSha = /([0-9a-f]{7}) · committed$/.exec((await commitOption.textContent()) ?? '')?.[1];
  if (!shortSha) throw new Error('The commit option shows no short SHA.');
  await commitOption.click();
  await expect(page.getByRole('combobox', { name: 'Solution' })).toHaveText(`${COMMIT}Commit`);
  await page.getByRole('button', { name: 'Post' }).click();
  await expect(page).toHaveURL(new RegExp(`${blogPath}$`));
  await expect(page.getByRole('heading', { name: 'The Breakthroughs (1)' })).toBeVisible();

  // 3. Find it in /breakthrough by search and by language.
  await page.goto('/breakthrough');
  // The app has taken over the server-rendered page (the header's Profile button needs its code):
  // words typed before that are lost when React hydrates the box.
  await expect(page.getByRole('button', { name: 'Profile' })).toBeVisible();
  const search = page.getByRole('searchbox', { name: /Search breakthroughs/ });
  await search.fill(tag.toUpperCase());
  await search.press('Enter');
  const results = page.getByRole('main').getByRole('listitem');
  await expect(results).toHaveCount(1);
  await expect(results.first()).toContainText(title);
  await expect(results.first()).toContainText('Kafka Outbox Notes');
  await page.goto('/breakthrough');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('Kotlin');
  await expect(page.getByRole('main').getByRole('link', { name: new RegExp(title) })).toBeVisible();

  // 4. Open it, like it, favorite the blog.
  await page
    .getByRole('main')
    .getByRole('link', { name: new RegExp(title) })
    .click();
  const article = page.getByRole('article');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(article).toContainText(ISSUE);
  await expect(article).toContainText(COMMIT);
  // The repository is private: the items' cards (number, state, link) are for members alone.
  const cards = page.getByRole('region', { name: 'From the repository' });
  const issueCard = cards.getByRole('listitem').filter({ hasText: ISSUE });
  await expect(issueCard).toContainText('Issue');
  await expect(issueCard).toContainText('#1');
  await expect(issueCard).toContainText('Closed');
  await expect(issueCard.getByRole('link', { name: 'View on GitHub' })).toHaveAttribute(
    'href',
    new RegExp(`/${REPO}/issues/1$`),
  );
  // The solution is the commit itself, not the pull request of the same title.
  const commitCard = cards.getByRole('listitem').filter({ hasText: COMMIT });
  await expect(commitCard).toContainText('Commit');
  await expect(commitCard).toContainText(shortSha);
  await expect(commitCard).not.toContainText('Pull request');
  await expect(commitCard.getByRole('link', { name: 'View on GitHub' })).toHaveAttribute(
    'href',
    new RegExp(`/${REPO}/commit/${shortSha}[0-9a-f]{33}$`),
  );
  await article.getByRole('button', { name: 'Like' }).click();
  await expect(article.getByRole('button', { name: 'Like' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const articlePath = new URL(page.url()).pathname;
  await page.goto(blogPath);
  await page.getByRole('button', { name: 'Favorite this blog' }).click();
  await expect(
    page.getByRole('button', { name: /Favorite this blog|Remove from favorites/ }),
  ).toHaveAttribute('aria-pressed', 'true');

  // 5. Both show up in the lists and on /home.
  await page.goto('/like/breakthrough');
  await expect(page.getByRole('main').getByRole('link', { name: new RegExp(title) })).toBeVisible();
  await page.goto('/follow/blog');
  await expect(page.getByRole('link', { name: /Kafka Outbox Notes/ })).toBeVisible();
  await page.goto('/home');
  await expect(
    page.getByRole('link', { name: /Breakthroughs what you liked|fav Breakthroughs/ }).first(),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(title) }).first()).toBeVisible();

  // 6. Someone outside the team sees no controls, and the API refuses them.
  const outsiderContext = await browser.newContext();
  const outsider = await outsiderContext.newPage();
  await loginAs(outsider, 'sora-lee');
  await outsider.goto(blogPath);
  await expect(outsider.getByRole('heading', { level: 1 })).toHaveText('Kafka Outbox Notes');
  await expect(outsider.getByRole('link', { name: 'Edit blog' })).toHaveCount(0);
  await expect(outsider.getByRole('button', { name: 'Delete blog' })).toHaveCount(0);
  await expect(outsider.getByRole('link', { name: 'Go To Write' })).toHaveCount(0);
  await outsider.goto(articlePath);
  await expect(outsider.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(outsider.getByRole('button', { name: 'Breakthrough options' })).toHaveCount(0);
  // Only the titles the writers chose: no card, number or link of the private repository's items.
  await expect(outsider.getByRole('article').getByRole('button', { name: 'Like' })).toBeVisible();
  await expect(outsider.getByRole('article')).toContainText(ISSUE);
  await expect(outsider.getByRole('region', { name: 'From the repository' })).toHaveCount(0);
  await expect(outsider.getByRole('link', { name: 'View on GitHub' })).toHaveCount(0);
  const blogId = Number(blogPath.split('/').pop());
  const articleId = Number(articlePath.split('/').pop());
  const headers = { origin: baseURL ?? '' };
  const write = await outsider.request.post('/api/article', {
    headers,
    data: { blogId, title: 'Not my blog', content: 'Let me in' },
  });
  expect(write.status()).toBe(403);
  const edit = await outsider.request.put(`/api/article/${articleId}`, {
    headers,
    data: { blogId, title: 'Hijacked', content: 'Nope' },
  });
  expect(edit.status()).toBe(403);
  const removeBlog = await outsider.request.delete(`/api/blog/${blogId}`, { headers });
  expect(removeBlog.status()).toBe(403);
  await outsiderContext.close();

  // 7. The author edits the breakthrough, then deletes it.
  await page.goto(articlePath);
  await page.getByRole('button', { name: 'Breakthrough options' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  // The form reopens on the chosen commit, and saving keeps it.
  await expect(page.getByRole('combobox', { name: 'Solution' })).toHaveText(`${COMMIT}Commit`);
  await page.getByLabel('Title').fill(`${title} (with numbers)`);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(new RegExp(`${blogPath}$`));
  await page.getByRole('link', { name: new RegExp(`${title} \\(with numbers\\)`) }).click();
  await expect(commitCard).toContainText(`Commit${shortSha}`);
  await page.getByRole('button', { name: 'Breakthrough options' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Are you sure you want to delete this breakthrough?' })
    .getByRole('button', { name: 'Yes' })
    .click();
  await expect(page).toHaveURL(new RegExp(`${blogPath}$`));
  await expect.poll(() => alerts).toContain('The Breakthrough is deleted.');
  await expect(page.getByText('Share your breakthroughs with us!')).toBeVisible();
});
