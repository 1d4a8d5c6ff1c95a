import { describe, expect, it } from 'vitest';
import { aviFrameChunkHeader, aviHeader, aviIndex, readAviFrames } from './mjpegAvi.ts';

/** A recording as the server writes it: header, the frame chunks appended while recording, the index. */
function writeAvi(frames: Uint8Array[], fps: number): Uint8Array {
  const sizes = frames.map((f) => f.length);
  const parts: Uint8Array[] = [aviHeader({ width: 640, height: 360, fps, frameSizes: sizes })];
  for (const frame of frames) {
    parts.push(aviFrameChunkHeader(frame.length), frame);
    if (frame.length % 2) parts.push(new Uint8Array(1));
  }
  parts.push(aviIndex(sizes));
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const frame = (n: number, length: number) => Uint8Array.from({ length }, (_, i) => (i * 7 + n) % 251);

describe('MJPEG AVI recordings', () => {
  it('gives back every frame byte for byte, with the size and rate recorded', () => {
    // Odd and even lengths: odd ones carry a pad byte the reader must step over.
    const frames = [frame(1, 1001), frame(2, 2048), frame(3, 7), frame(4, 640)];
    const file = writeAvi(frames, 14.5);
    const read = readAviFrames(file);
    expect(read).not.toBeNull();
    expect(read!.width).toBe(640);
    expect(read!.height).toBe(360);
    expect(read!.fps).toBeCloseTo(14.5, 2);
    expect(read!.frames.map((f) => file.subarray(f.offset, f.offset + f.size))).toEqual(frames);
  });

  it('sizes the RIFF and movi lists and the index as players read them', () => {
    const frames = [frame(1, 11), frame(2, 20)];
    const file = writeAvi(frames, 15);
    const view = new DataView(file.buffer);
    // RIFF's size covers everything after its own 8 bytes.
    expect(view.getUint32(4, true)).toBe(file.length - 8);
    const text = (at: number) => String.fromCharCode(...file.subarray(at, at + 4));
    const movi = file.findIndex((_, i) => text(i) === 'movi');
    expect(text(movi - 8)).toBe('LIST');
    // movi's LIST ends where idx1 begins; idx1 offsets count from the 'movi' fourcc.
    const idx1 = movi + view.getUint32(movi - 4, true);
    expect(text(idx1)).toBe('idx1');
    expect(view.getUint32(idx1 + 4, true)).toBe(32);
    const firstOffset = view.getUint32(idx1 + 8 + 8, true);
    const secondOffset = view.getUint32(idx1 + 8 + 16 + 8, true);
    expect(text(movi + firstOffset)).toBe('00dc');
    expect(text(movi + secondOffset)).toBe('00dc');
    expect(view.getUint32(idx1 + 8 + 16 + 12, true)).toBe(20);
    // avih: the frame count; strh: MJPG video.
    expect(text(file.findIndex((_, i) => text(i) === 'strh') + 12)).toBe('MJPG');
  });

  it('refuses what is not an AVI', () => {
    expect(readAviFrames(new Uint8Array([1, 2, 3]))).toBeNull();
    expect(readAviFrames(new TextEncoder().encode('RIFF\0\0\0\0WAVEfmt '))).toBeNull();
  });
});
