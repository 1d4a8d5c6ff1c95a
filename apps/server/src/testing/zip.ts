import { crc32 } from 'node:zlib';
import yauzl from 'yauzl';

/**
 * Every file of a ZIP by its path (tests only: the whole archive in memory). Each entry's CRC-32 is checked
 * against its bytes (yauzl does not), so a wrong CRC fails like a broken archive would in an unzip tool.
 */
export function readZip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, file) => {
      if (err || !file) return reject(err ?? new Error('not a zip'));
      const files = new Map<string, Buffer>();
      file.on('error', reject);
      file.on('end', () => resolve(files));
      file.on('entry', (entry: yauzl.Entry) => {
        file.openReadStream(entry, (streamErr, stream) => {
          if (streamErr || !stream) return reject(streamErr ?? new Error('unreadable entry'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => {
            const data = Buffer.concat(chunks);
            if (crc32(data) !== entry.crc32) return reject(new Error(`CRC-32 mismatch in ${entry.fileName}`));
            files.set(entry.fileName, data);
            file.readEntry();
          });
        });
      });
      file.readEntry();
    });
  });
}

/** The rows of a CSV without quoted commas or line breaks (enough for the files tests build). */
export const simpleCsvRows = (text: string): string[][] =>
  text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => line.split(','));
