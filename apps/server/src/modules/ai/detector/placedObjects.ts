import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Box } from './detector.ts';
import { seeded } from './random.ts';

/** Every .jpg/.jpeg under `dir` (recursively), sorted. */
export function photoFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...photoFiles(path));
    else if (/\.jpe?g$/i.test(name)) out.push(path);
  }
  return out;
}

export interface PlacedImage {
  bytes: Buffer;
  boxes: Box[];
  width: number;
  height: number;
}

/**
 * A data set of one class built at run time from real drone photos (never stored): each image is a seeded
 * random square crop of one of the photos (40–100 % of its short side, maybe mirrored), `size` px, with
 * 0–3 objects placed in it: rust-orange ellipses with a dark core (aspect 0.7–1.4, rotated, partly
 * transparent, 7–18 % of the image wide). Images are sharp-encoded JPEGs; boxes in their pixels.
 */
export async function placedObjectSet(
  dir: string,
  count: number,
  seed: number,
  size = 1024,
): Promise<PlacedImage[]> {
  const files = photoFiles(dir);
  if (files.length === 0) throw new Error(`No photos under ${dir}`);
  const random = seeded(seed);
  // Each photo decoded once (EXIF orientation applied), at most 2048 px.
  const sources = await Promise.all(
    files.map(async (f) => {
      const { data, info } = await sharp(f)
        .rotate()
        .resize(2048, 2048, { fit: 'inside', withoutEnlargement: true })
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      return { data, width: info.width, height: info.height };
    }),
  );
  const out: PlacedImage[] = [];
  for (let n = 0; n < count; n++) {
    const src = sources[Math.floor(random() * sources.length)]!;
    const side = Math.floor(Math.min(src.width, src.height) * (0.4 + random() * 0.6));
    const left = Math.floor(random() * (src.width - side + 1));
    const top = Math.floor(random() * (src.height - side + 1));
    let crop = sharp(src.data, { raw: { width: src.width, height: src.height, channels: 3 } })
      .extract({ left, top, width: side, height: side })
      .resize(size, size);
    if (random() < 0.5) crop = crop.flop();
    const background = await crop.png({ compressionLevel: 1 }).toBuffer();
    const boxes: Box[] = [];
    const parts: string[] = [];
    const objects = Math.floor(random() * 4);
    for (let i = 0; i < objects; i++) {
      const w = size * (0.07 + random() * 0.11);
      const h = w * (0.7 + random() * 0.7);
      const x = random() * (size - w);
      const y = random() * (size - h);
      if (
        boxes.some((b) => x < b.left + b.width && b.left < x + w && y < b.top + b.height && b.top < y + h)
      ) {
        continue;
      }
      // Rotated by 0 or 90° only, so the box stays the ellipse's bounding box.
      boxes.push({ left: x, top: y, width: w, height: h });
      const red = Math.floor(170 + random() * 70);
      const green = Math.floor(60 + random() * 60);
      const opacity = (0.75 + random() * 0.25).toFixed(2);
      const cx = x + w / 2;
      const cy = y + h / 2;
      parts.push(
        `<ellipse cx="${cx}" cy="${cy}" rx="${w / 2}" ry="${h / 2}" fill="rgb(${red},${green},25)" fill-opacity="${opacity}"/>` +
          `<ellipse cx="${cx}" cy="${cy}" rx="${w * 0.18}" ry="${h * 0.18}" fill="rgb(35,25,20)"/>`,
      );
    }
    const svg = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">${parts.join('')}</svg>`,
    );
    const bytes = await sharp(background)
      .composite([{ input: svg }])
      .jpeg({ quality: 85 })
      .toBuffer();
    out.push({ bytes, boxes, width: size, height: size });
  }
  return out;
}
