/** Test JPEGs with doctored headers (the pixel-cap and frame-search cases). */

/** The JPEG's frame header rewritten to claim `width` × `height` (its pixel data left as it was). */
export function claimingSize(photo: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(photo);
  for (let i = 2; i < copy.length - 9; ) {
    const marker = copy[i + 1]!;
    if (marker === 0xc0 || marker === 0xc2) {
      copy.writeUInt16BE(height, i + 5);
      copy.writeUInt16BE(width, i + 7);
      return copy;
    }
    i += 2 + copy.readUInt16BE(i + 2);
  }
  throw new Error('no frame header');
}
