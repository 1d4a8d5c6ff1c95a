import sharp from 'sharp';
import type { Box } from './detector.ts';
import { seeded } from './random.ts';

/**
 * A generated data set for training tests and the benchmark: cluttered textured backgrounds (blurred noise
 * with grey distractor bars, like sky, ground and steel) with 0–3 'defects' pasted in (orange discs with a
 * dark core, 36–90 px), and their boxes; optionally distractors (the same discs without the core) and
 * their boxes. Seeded: the same seed, the same images.
 */
export async function syntheticImage(
  seed: number,
  size = 448,
  options: { objects?: boolean; distractors?: number } = {},
): Promise<{ bytes: Buffer; boxes: Box[]; distractors: Box[]; width: number; height: number }> {
  const random = seeded(seed);
  const noise = Buffer.alloc(size * size * 3);
  const base = [80 + random() * 120, 80 + random() * 120, 80 + random() * 120];
  for (let i = 0; i < size * size; i++) {
    for (let c = 0; c < 3; c++)
      noise[i * 3 + c] = Math.max(0, Math.min(255, base[c]! + (random() - 0.5) * 160));
  }
  const background = await sharp(noise, { raw: { width: size, height: size, channels: 3 } })
    .blur(2.5)
    .png()
    .toBuffer();
  const parts: string[] = [];
  for (let i = 0; i < 4; i++) {
    const x = random() * size;
    const g = Math.floor(60 + random() * 120);
    parts.push(
      `<rect x="${x}" y="0" width="${6 + random() * 14}" height="${size}" fill="rgb(${g},${g},${g})" transform="rotate(${(random() - 0.5) * 50} ${x} ${size / 2})"/>`,
    );
  }
  const boxes: Box[] = [];
  const drawn = Math.floor(random() * 4);
  const count = options.objects === false ? 0 : drawn;
  for (let i = 0; i < count; i++) {
    const d = 36 + random() * 54;
    const left = random() * (size - d);
    const top = random() * (size - d);
    if (
      boxes.some(
        (b) => left < b.left + b.width && b.left < left + d && top < b.top + b.height && b.top < top + d,
      )
    ) {
      continue;
    }
    boxes.push({ left, top, width: d, height: d });
    const r = d / 2;
    parts.push(
      `<circle cx="${left + r}" cy="${top + r}" r="${r}" fill="rgb(${230 + random() * 25},${110 + random() * 40},30)"/>` +
        `<circle cx="${left + r}" cy="${top + r}" r="${r * 0.35}" fill="rgb(40,30,20)"/>`,
    );
  }
  // Distractors (drawn after everything else: the same seed gives the same image around them): orange
  // discs like the objects but without their dark core, which a detector must learn to leave alone.
  const distractors: Box[] = [];
  for (let i = 0; i < (options.distractors ?? 0); i++) {
    const d = 36 + random() * 54;
    const left = random() * (size - d);
    const top = random() * (size - d);
    const taken = [...boxes, ...distractors];
    if (
      taken.some(
        (b) => left < b.left + b.width && b.left < left + d && top < b.top + b.height && b.top < top + d,
      )
    ) {
      continue;
    }
    distractors.push({ left, top, width: d, height: d });
    const r = d / 2;
    parts.push(
      `<circle cx="${left + r}" cy="${top + r}" r="${r}" fill="rgb(${230 + random() * 25},${110 + random() * 40},30)"/>`,
    );
  }
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">${parts.join('')}</svg>`,
  );
  const bytes = await sharp(background)
    .composite([{ input: svg }])
    .jpeg({ quality: 88 })
    .toBuffer();
  return { bytes, boxes, distractors, width: size, height: size };
}
