/**
 * Motion-JPEG in an AVI container: how the console's recordings are stored. The vehicle's camera already
 * sends JPEG frames, so a recording keeps them as they came (no re-encoding, no codec to install) in the
 * one container every desktop player (VLC, Windows, QuickTime with a plug-in, ffmpeg) opens. The writer side
 * appends frames as `00dc` chunks while recording and writes the header and index when it stops; the reader
 * side finds the frames again (the console's in-page player, and the tests).
 *
 * Layout: RIFF 'AVI ' { LIST 'hdrl' { avih, LIST 'strl' { strh, strf } }, LIST 'movi' { 00dc… }, idx1 }.
 */

/** One frame chunk's header: `00dc` and the data's length (the data is padded to an even length). */
export function aviFrameChunkHeader(size: number): Uint8Array {
  const head = new Uint8Array(8);
  head.set(fourCc('00dc'), 0);
  new DataView(head.buffer).setUint32(4, size, true);
  return head;
}

/** The bytes a frame of `size` takes in the `movi` list: header, data and the pad byte of an odd length. */
export const aviFrameChunkBytes = (size: number): number => 8 + size + (size % 2);

export interface AviVideo {
  width: number;
  height: number;
  /** Frames a second as recorded (the average rate), so the file plays as long as it was recorded. */
  fps: number;
  /** Each frame's JPEG length, in recording order. */
  frameSizes: readonly number[];
}

const HDRL_BYTES = 4 + (8 + 56) + 8 + (4 + (8 + 56) + (8 + 40));

/** Everything before the first frame chunk: the RIFF header, `hdrl` and the `movi` list's header. */
export function aviHeader(video: AviVideo): Uint8Array {
  const frames = video.frameSizes.length;
  const moviBytes = video.frameSizes.reduce((sum, size) => sum + aviFrameChunkBytes(size), 0);
  const largest = video.frameSizes.reduce((max, size) => Math.max(max, size), 0);
  const fps = video.fps > 0 && Number.isFinite(video.fps) ? video.fps : 1;
  const microSecPerFrame = Math.round(1_000_000 / fps);
  const riffBytes = 4 + (8 + HDRL_BYTES) + (8 + 4 + moviBytes) + (8 + 16 * frames);
  const out = new Writer(12 + 8 + HDRL_BYTES + 12);
  out.cc('RIFF').u32(riffBytes).cc('AVI ');
  out.cc('LIST').u32(HDRL_BYTES).cc('hdrl');
  out.cc('avih').u32(56);
  out
    .u32(microSecPerFrame)
    .u32(Math.ceil((moviBytes / Math.max(frames, 1)) * fps))
    .u32(0);
  out
    .u32(0x10 /* AVIF_HASINDEX */)
    .u32(frames)
    .u32(0)
    .u32(1)
    .u32(largest + 8);
  out.u32(video.width).u32(video.height).u32(0).u32(0).u32(0).u32(0);
  out
    .cc('LIST')
    .u32(4 + 8 + 56 + 8 + 40)
    .cc('strl');
  out.cc('strh').u32(56).cc('vids').cc('MJPG').u32(0).u16(0).u16(0).u32(0);
  // Rate / scale = frames a second, kept to a thousandth.
  out
    .u32(1000)
    .u32(Math.round(fps * 1000))
    .u32(0)
    .u32(frames)
    .u32(largest + 8);
  out.u32(0xffffffff).u32(0).u16(0).u16(0).u16(video.width).u16(video.height);
  out.cc('strf').u32(40).u32(40).u32(video.width).u32(video.height).u16(1).u16(24).cc('MJPG');
  out
    .u32(video.width * video.height * 3)
    .u32(0)
    .u32(0)
    .u32(0)
    .u32(0);
  out
    .cc('LIST')
    .u32(4 + moviBytes)
    .cc('movi');
  return out.bytes;
}

/** The index after the frames: each frame a key frame, its offset counted from the `movi` fourcc. */
export function aviIndex(frameSizes: readonly number[]): Uint8Array {
  const out = new Writer(8 + 16 * frameSizes.length);
  out.cc('idx1').u32(16 * frameSizes.length);
  let offset = 4;
  for (const size of frameSizes) {
    out.cc('00dc').u32(0x10 /* AVIIF_KEYFRAME */).u32(offset).u32(size);
    offset += aviFrameChunkBytes(size);
  }
  return out.bytes;
}

export interface AviFrames {
  width: number;
  height: number;
  fps: number;
  /** Where each frame's JPEG lies in the file. */
  frames: { offset: number; size: number }[];
}

/** Reads an AVI's size, rate and frames (the `movi` list's video chunks); null when it is not an AVI. */
export function readAviFrames(file: Uint8Array): AviFrames | null {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  if (file.byteLength < 12 || textAt(file, 0) !== 'RIFF' || textAt(file, 8) !== 'AVI ') return null;
  let width = 0;
  let height = 0;
  let fps = 0;
  const frames: AviFrames['frames'] = [];
  const walk = (start: number, end: number) => {
    let at = start;
    while (at + 8 <= end) {
      const id = textAt(file, at);
      const size = view.getUint32(at + 4, true);
      const body = at + 8;
      if (body + size > file.byteLength) break;
      if (id === 'LIST') walk(body + 4, body + size);
      else if (id === 'avih' && size >= 40) {
        const microSecPerFrame = view.getUint32(body, true);
        fps = microSecPerFrame > 0 ? 1_000_000 / microSecPerFrame : 0;
        width = view.getUint32(body + 32, true);
        height = view.getUint32(body + 36, true);
      } else if (id.endsWith('dc') && size > 0) frames.push({ offset: body, size });
      at = body + size + (size % 2);
    }
  };
  walk(12, file.byteLength);
  return { width, height, fps, frames };
}

const fourCc = (code: string) => Uint8Array.from(code, (c) => c.charCodeAt(0));
const textAt = (bytes: Uint8Array, at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));

/** Little-endian writes into a buffer of known length. */
class Writer {
  readonly bytes: Uint8Array;
  private readonly view: DataView;
  private at = 0;
  constructor(length: number) {
    this.bytes = new Uint8Array(length);
    this.view = new DataView(this.bytes.buffer);
  }
  cc(code: string): this {
    this.bytes.set(fourCc(code), this.at);
    this.at += 4;
    return this;
  }
  u32(value: number): this {
    this.view.setUint32(this.at, value >>> 0, true);
    this.at += 4;
    return this;
  }
  u16(value: number): this {
    this.view.setUint16(this.at, value, true);
    this.at += 2;
    return this;
  }
}
