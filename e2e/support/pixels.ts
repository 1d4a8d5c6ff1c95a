import type { Page } from '@playwright/test';

/**
 * Runs `reader` over a PNG's pixels, decoded in the page (a browser reads PNG; e2e code has no DOM types).
 * `reader` is the source of a function `(data, width, height) => value`, `data` the RGBA bytes row by row.
 */
export async function readPixels<T>(page: Page, png: Buffer, reader: string): Promise<T> {
  return (await page.evaluate(`(async () => {
    const image = new Image();
    image.src = 'data:image/png;base64,${png.toString('base64')}';
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    const data = context.getImageData(0, 0, image.width, image.height).data;
    return (${reader})(data, image.width, image.height);
  })()`)) as T;
}
