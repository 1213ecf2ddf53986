import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Blog } from '@repolog/contract/blogs';
import sharp from 'sharp';
import { signIn } from '../support/session';
import { bodyText } from '../support/editor';

/** Text hidden in the screenshot's metadata, next to a GPS position. */
const MARKER = 'REPOLOG-E2E-SECRET-OWNER';

/** A screenshot as a phone or a capture tool saves it: PNG with EXIF (camera, GPS, owner). */
const screenshotWithGps = () =>
  sharp({ create: { width: 480, height: 270, channels: 3, background: '#364fc7' } })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="60"><rect width="200" height="60" fill="#ffd43b"/></svg>',
        ),
        left: 40,
        top: 40,
      },
    ])
    .withExif({
      IFD0: { Make: 'Phone', Copyright: MARKER },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '37/1 33/1 59/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '126/1 58/1 41/1',
      },
    })
    .png()
    .toBuffer();

/**
 * Pastes a file into `target` the way the browser does for a screenshot on the clipboard: a
 * real `paste` event whose clipboardData carries the image as a File.
 */
async function pasteFile(target: Locator, bytes: Buffer, name: string, type: string) {
  await target.evaluate(
    (element, file) => {
      const data = new DataTransfer();
      const binary = Uint8Array.from(atob(file.base64), (char) => char.charCodeAt(0));
      data.items.add(new File([binary], file.name, { type: file.type }));
      element.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    },
    { base64: bytes.toString('base64'), name, type },
  );
}

/** The chunk names of a WebP (RIFF) file. */
function webpChunks(file: Buffer): string[] {
  const names: string[] = [];
  for (let offset = 12; offset + 8 <= file.length;) {
    names.push(file.toString('latin1', offset, offset + 4));
    const size = file.readUInt32LE(offset + 4);
    offset += 8 + size + (size % 2);
  }
  return names;
}

const loaded = (image: Locator) =>
  expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);

async function openWritePage(page: Page) {
  await signIn(page, 'dana-kim');
  await page.goto('/blog/32/breakthrough/write');
  await expect(page.getByRole('heading', { name: 'Write a breakthrough' })).toBeVisible();
}

test.describe('images in a breakthrough', () => {
  test('a pasted screenshot uploads, shows in the preview and on the posted page, without its EXIF or GPS', async ({
    page,
  }) => {
    await openWritePage(page);
    const title = `The flame graph, before and after ${Date.now()}`;
    await page.getByLabel('Title').fill(title);
    const body = page.getByRole('textbox', { name: 'Body' });
    await body.fill('The profile before the fix:\n\n');
    await body.press('End');

    const screenshot = await screenshotWithGps();
    expect(screenshot.includes(MARKER)).toBe(true);
    await pasteFile(body, screenshot, 'image.png', 'image/png');
    await expect
      .poll(() => bodyText(page))
      .toMatch(/^The profile before the fix:\n\n!\[image\]\(\/media\/[0-9a-f]{64}\.webp\)$/);
    const url = /\((\/media\/[0-9a-f]{64}\.webp)\)/.exec(await bodyText(page))?.[1] ?? '';

    await page.getByRole('button', { name: 'Preview' }).click();
    const previewImage = page
      .getByRole('region', { name: 'Body preview' })
      .getByRole('img', { name: 'image' });
    await expect(previewImage).toHaveAttribute('src', url);
    await loaded(previewImage);
    await page.getByRole('button', { name: 'Edit' }).click();

    await page.getByRole('button', { name: 'Post' }).click();
    await expect(page).toHaveURL(/\/blog\/32$/);
    const blog = (await (await page.request.get('/api/blog/32')).json()) as Blog;
    const posted = blog.break_throughs.find((article) => article.articleTitle === title);
    expect(posted).toBeDefined();

    await page.goto(`/breakthrough/${posted!.articleId}`);
    const image = page.getByRole('article').getByRole('img', { name: 'image' });
    await expect(image).toHaveAttribute('src', url);
    // Its box is known before it loads (no layout shift), and it loads only when near.
    await expect(image).toHaveAttribute('width', '480');
    await expect(image).toHaveAttribute('height', '270');
    await expect(image).toHaveAttribute('loading', 'lazy');
    await image.scrollIntoViewIfNeeded();
    await loaded(image);

    const response = await page.request.get(url);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('image/webp');
    expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    const bytes = await response.body();
    expect(webpChunks(bytes).filter((chunk) => /EXIF|XMP|ICCP/.test(chunk))).toEqual([]);
    expect(bytes.includes(MARKER)).toBe(false);
    expect(bytes.includes('Exif')).toBe(false);
    const metadata = await sharp(bytes).metadata();
    expect(metadata.exif).toBeUndefined();
    expect([metadata.width, metadata.height]).toEqual([480, 270]);
  });

  test('a pasted file that is not an image is refused beside the editor in the server’s words', async ({
    page,
  }) => {
    await openWritePage(page);
    const body = page.getByRole('textbox', { name: 'Body' });
    await body.fill('Logo: ');
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>',
    );
    // Named and typed as a PNG; the server reads the bytes.
    await pasteFile(body, svg, 'logo.png', 'image/png');
    await expect(page.getByRole('alert')).toContainText(
      'logo.png was not uploaded: This file is an SVG image, which can carry scripts. Upload a PNG, JPEG, GIF, WebP or AVIF image.',
    );
    await expect.poll(() => bodyText(page)).toBe('Logo: ');
  });
});
