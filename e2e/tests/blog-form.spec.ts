import { expect, test, type Page } from '@playwright/test';
import type { Blog } from '@repolog/contract/blogs';
import { collectAlerts, signIn } from '../support/session';

const REQUIRED = 'Please fill out all required fields.';

async function pickRepository(page: Page, fullName: string) {
  await page.getByRole('combobox', { name: 'Repository' }).click();
  await page.getByRole('option', { name: new RegExp(`^${fullName}`) }).click();
  await expect(page.getByRole('combobox', { name: 'Repository' })).toContainText(fullName);
}

async function addContributor(page: Page, login: string) {
  await page.getByLabel('Contributor GitHub ID').fill(login);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
}

test.describe('create and edit blog', () => {
  test('empty required fields alert and nothing is created', async ({ page }) => {
    await signIn(page, 'dana-kim');
    const alerts = collectAlerts(page);
    await page.goto('/workspace/makeblog');
    await page.getByRole('button', { name: 'Create blog' }).click();
    await expect.poll(() => alerts).toEqual([REQUIRED]);

    // Name and description alone are not enough: the repository is still the placeholder.
    await page.getByLabel('Blog name').fill('Keyboard lab notes');
    await page.getByLabel('Description').fill('What we learn about IME events');
    await page.getByRole('button', { name: 'Create blog' }).click();
    await expect.poll(() => alerts).toEqual([REQUIRED, REQUIRED]);
    await expect(page).toHaveURL(/\/workspace\/makeblog$/);
  });

  test('creates a blog from a GitHub repository with a contributor, then finds it in the workspace', async ({
    page,
  }) => {
    await signIn(page, 'dana-kim');
    const alerts = collectAlerts(page);
    await page.goto('/workspace/makeblog');

    await page.getByLabel('Blog name').fill('Hangul Keyboard Lab');
    const description = page.getByLabel('Description');
    await expect(description).toHaveAttribute('placeholder', /4000 bytes/);
    await description.fill('한글 입력 이벤트를 기록합니다.');
    // 13 Hangul syllables × 3 bytes + 3 spaces + '.'
    await expect(page.getByText('43 / 4000 bytes')).toBeVisible();

    // The dropdown lists the user's GitHub repositories; private ones carry a badge.
    await page.getByRole('combobox', { name: 'Repository' }).click();
    await expect(page.getByRole('option').first()).toHaveText(
      'Select a repository from your GitHub account',
    );
    await expect(page.getByRole('option', { name: /^sora-lee\/design-tokens/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await pickRepository(page, 'dana-kim/hangul-keyboard-lab');

    await addContributor(page, 'no-such-user-404x');
    await expect.poll(() => alerts).toEqual(['No GitHub user found with this ID.']);
    await expect(page.getByRole('button', { name: 'Remove no-such-user-404x' })).toHaveCount(0);

    await addContributor(page, ' sora-lee ');
    const members = page.getByRole('list', { name: 'Project members' });
    await expect(members.getByRole('listitem')).toHaveText(['dana-kimOwner', 'sora-lee']);

    await page.getByRole('button', { name: 'Create blog' }).click();
    await expect(page).toHaveURL(/\/blog\/\d+$/);
    const blogId = Number(new URL(page.url()).pathname.split('/').pop());

    const blog = (await (await page.request.get(`/api/blog/${blogId}`)).json()) as Blog;
    expect(blog).toMatchObject({
      blog_name: 'Hangul Keyboard Lab',
      description: '한글 입력 이벤트를 기록합니다.',
      owner: 'dana-kim',
    });
    expect(blog.git_repo_url).toMatch(/\/dana-kim\/hangul-keyboard-lab$/);
    expect(blog.members).toEqual(expect.arrayContaining(['dana-kim', 'sora-lee']));

    await page.goto('/workspace');
    await expect(
      page.getByRole('main').getByRole('link', { name: /^Hangul Keyboard Lab/ }),
    ).toHaveAttribute('href', `/blog/${blogId}`);
    expect(alerts).toEqual(['No GitHub user found with this ID.']);
  });

  test('edits a blog: repository locked, members prefilled, server refusal shown, changes saved', async ({
    page,
  }) => {
    await signIn(page, 'dana-kim');
    const alerts = collectAlerts(page);
    const baseURL = new URL(page.url()).origin;
    const created = await page.request.post('/api/blog', {
      data: {
        blogName: 'Design Tokens',
        description: 'Tokens for every theme',
        gitRepoUrl: `${baseURL}/__github/sora-lee/design-tokens`,
        blogMember: ['sora-lee'],
      },
      headers: { origin: baseURL },
    });
    expect(created.ok()).toBe(true);
    const { blog_id: blogId } = (await created.json()) as { blog_id: number };

    await page.goto(`/blog/${blogId}/edit`);
    await expect(page.getByLabel('Blog name')).toHaveValue('Design Tokens');
    await expect(page.getByLabel('Description')).toHaveValue('Tokens for every theme');
    const repository = page.getByRole('combobox', { name: 'Repository' });
    await expect(repository).toBeDisabled();
    await expect(repository).toHaveText('sora-lee/design-tokens');
    const members = page.getByRole('list', { name: 'Project members' });
    await expect(members.getByRole('listitem')).toHaveText(['dana-kimOwner', 'sora-lee']);
    await expect(members.getByRole('button', { name: 'Remove dana-kim' })).toHaveCount(0);

    // On edit the id is not checked before adding; the server refuses it on save.
    await addContributor(page, 'no-such-user-404x');
    await expect(members.getByRole('listitem')).toHaveCount(3);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect
      .poll(() => alerts)
      .toEqual([expect.stringMatching(/^Server error: .*no-such-user-404x/)]);
    await expect(page).toHaveURL(new RegExp(`/blog/${blogId}/edit$`));

    await members.getByRole('button', { name: 'Remove no-such-user-404x' }).click();
    await members.getByRole('button', { name: 'Remove sora-lee' }).click();
    await addContributor(page, 'alex-chen');
    await page.getByLabel('Description').fill('Design tokens for light and dark themes');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page).toHaveURL(new RegExp(`/blog/${blogId}$`));

    const blog = (await (await page.request.get(`/api/blog/${blogId}`)).json()) as Blog;
    expect(blog.description).toBe('Design tokens for light and dark themes');
    expect([...blog.members].sort()).toEqual(['alex-chen', 'dana-kim']);
  });
});
