import type { Readable } from 'node:stream';
import { KMZ_LIMITS, KMZ_MESSAGES } from '@linewalker/domain';
import { Unzip, type UnzipFile, UnzipInflate } from 'fflate';

/** A file that cannot be read as KMZ or KML, with the reason the user sees. */
export class KmzReadError extends Error {}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
/** Compressed bytes handed to the inflater at a time: deflate expands at most ~1,032×, so one step stays ~16 MB. */
const STEP = 16 * 1024;

const isZip = (head: Uint8Array) => ZIP_MAGIC.every((b, i) => head[i] === b);

/**
 * The KML text of an uploaded KMZ (the first `.kml` entry of the zip, as Google Earth reads it) or of a plain
 * KML file, decoded as UTF-8 and yielded in chunks, so a large file is never held whole.
 *
 * A zip's headers can lie about sizes, so nothing in them is trusted: the KML is inflated in small steps and
 * its real size counted, the read refused past `KMZ_LIMITS.kmlBytes` (a zip bomb stops after ~16 MB of
 * output), and so is a KML that grows over 100 times what was read once past 10 MB. Other entries are skipped without being inflated; more than `zipEntries` of them is refused.
 */
export async function* kmlText(
  stream: AsyncIterable<Buffer | Uint8Array> | Readable,
): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  let mode: 'unknown' | 'zip' | 'kml' = 'unknown';
  let head = new Uint8Array(0);
  let read = 0;

  // Zip state: output of the KML entry collects in `out` between steps.
  const out: string[] = [];
  let failure: string | null = null;
  let entries = 0;
  let kmlEntry: UnzipFile | null = null;
  let kmlDone = false;
  let kmlBytes = 0;
  /** Compressed bytes handed to the inflater so far. */
  let fed = 0;
  const unzip = new Unzip((file) => {
    entries++;
    if (entries > KMZ_LIMITS.zipEntries) {
      failure ??= KMZ_MESSAGES.tooManyEntries;
      return;
    }
    if (kmlEntry || !/\.kml$/i.test(file.name) || file.name.endsWith('/')) return;
    kmlEntry = file;
    file.ondata = (err, data, final) => {
      if (failure) return;
      if (err) {
        failure = KMZ_MESSAGES.badZip;
        return;
      }
      kmlBytes += data.length;
      if (kmlBytes > KMZ_LIMITS.kmlBytes) failure = KMZ_MESSAGES.kmlTooLarge;
      else if (kmlBytes > KMZ_LIMITS.ratioCheckAfterBytes && kmlBytes > KMZ_LIMITS.maxRatio * fed) {
        failure = KMZ_MESSAGES.zipBomb;
      }
      if (failure) {
        file.terminate();
        return;
      }
      out.push(decoder.decode(data, { stream: !final }));
      if (final) kmlDone = true;
    };
    file.start();
  });
  unzip.register(UnzipInflate);

  const feedZip = function* (chunk: Uint8Array, final: boolean) {
    for (let i = 0; i < chunk.length || (final && i === 0); i += STEP) {
      const end = Math.min(i + STEP, chunk.length);
      fed += end - i;
      try {
        unzip.push(chunk.subarray(i, end), final && end >= chunk.length);
      } catch {
        // fflate reports a broken stream or an unknown compression method by throwing.
        failure ??= KMZ_MESSAGES.badZip;
      }
      if (failure) throw new KmzReadError(failure);
      while (out.length > 0) yield out.shift()!;
      if (kmlDone) return;
      if (chunk.length === 0) break;
    }
  };

  for await (const piece of stream) {
    const chunk = piece instanceof Uint8Array ? piece : new Uint8Array(piece);
    read += chunk.length;
    if (read > KMZ_LIMITS.fileBytes) throw new KmzReadError(KMZ_MESSAGES.fileTooLarge);
    if (mode === 'unknown') {
      const joined = new Uint8Array(head.length + chunk.length);
      joined.set(head);
      joined.set(chunk, head.length);
      if (joined.length < 4) {
        head = joined;
        continue;
      }
      mode = isZip(joined) ? 'zip' : 'kml';
      head = new Uint8Array(0);
      if (mode === 'zip') yield* feedZip(joined, false);
      else yield decoder.decode(joined, { stream: true });
    } else if (mode === 'zip') {
      if (kmlDone) continue;
      yield* feedZip(chunk, false);
    } else {
      yield decoder.decode(chunk, { stream: true });
    }
    if (mode === 'zip' && kmlDone) break;
  }
  if (mode === 'unknown') {
    if (head.length === 0) throw new KmzReadError(KMZ_MESSAGES.notKml);
    yield decoder.decode(head);
    return;
  }
  if (mode === 'kml') {
    yield decoder.decode();
    return;
  }
  if (!kmlDone) {
    yield* feedZip(new Uint8Array(0), true);
    if (!kmlEntry) throw new KmzReadError(entries === 0 ? KMZ_MESSAGES.badZip : KMZ_MESSAGES.noKml);
    if (!kmlDone) throw new KmzReadError(KMZ_MESSAGES.badZip);
  }
}
