import { expect, test } from '@playwright/test';

interface OpenApiDocument {
  info: { title: string };
  paths: Record<string, Record<string, unknown>>;
}

test('the API reference at /api/docs opens in the browser and lists every route', async ({
  page,
  request,
}) => {
  const doc = (await (await request.get('/api/openapi.json')).json()) as OpenApiDocument;
  const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
  );
  expect(operations.length).toBeGreaterThan(30);

  // The page loads everything from this origin: a blocked script or style would show here.
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));

  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: new RegExp(doc.info.title) })).toBeVisible();
  const blocks = page.locator('.opblock');
  await expect(blocks).toHaveCount(operations.length);
  for (const { method, path } of operations) {
    const block = blocks.filter({
      has: page.locator(`.opblock-summary-path[data-path="${path}"]`),
    });
    await expect(
      block.locator('.opblock-summary-method').getByText(method, { exact: true }),
    ).toHaveCount(1);
  }

  // An operation opens to show its schema.
  await blocks
    .filter({ has: page.locator('.opblock-summary-path[data-path="/api/article"]') })
    .locator('.opblock-summary')
    .click();
  await expect(page.getByText('blogId').first()).toBeVisible();
  expect(problems).toEqual([]);
});
