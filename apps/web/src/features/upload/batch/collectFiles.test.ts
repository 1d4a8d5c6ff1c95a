import { describe, expect, it } from 'vitest';
import { acceptedImages, filesFromDataTransfer } from './collectFiles.ts';

/** A dropped folder as the browser's FileSystem entries describe it. */
type Tree = { [name: string]: Tree | File };

function entry(name: string, node: Tree | File): FileSystemEntry {
  if (node instanceof File) {
    return {
      name,
      isFile: true,
      isDirectory: false,
      file: (ok: (f: File) => void) => ok(node),
    } as unknown as FileSystemEntry;
  }
  const children = Object.entries(node).map(([n, child]) => entry(n, child));
  return {
    name,
    isFile: false,
    isDirectory: true,
    createReader: () => {
      // The browser hands entries out in pages; an empty page ends the listing.
      const pages = [children.slice(0, 2), children.slice(2), []];
      return { readEntries: (ok: (e: FileSystemEntry[]) => void) => ok(pages.shift() ?? []) };
    },
  } as unknown as FileSystemEntry;
}

const photo = (name: string) => new File(['x'], name, { type: 'image/jpeg', lastModified: 5 });

function transfer(roots: Record<string, Tree | File>): DataTransfer {
  const items = Object.entries(roots).map(([name, node]) => ({
    kind: 'file',
    webkitGetAsEntry: () => entry(name, node),
  }));
  return { items, files: [] } as unknown as DataTransfer;
}

describe('dropped folders', () => {
  it('are walked recursively; hidden files and folders are skipped; only photos are kept, in folder order', async () => {
    const files = await filesFromDataTransfer(
      transfer({
        flight: {
          'DJI_0010.JPG': photo('DJI_0010.JPG'),
          'DJI_0002.JPG': photo('DJI_0002.JPG'),
          '.thumbs': { 'DJI_0002.JPG': photo('DJI_0002.JPG') },
          '._DJI_0003.JPG': photo('._DJI_0003.JPG'),
          'log.txt': new File(['x'], 'log.txt', { type: 'text/plain' }),
          'tower 2': { 'IMG_1.png': new File(['y'], 'IMG_1.png', { type: 'image/png' }) },
        },
        'single.jpeg': photo('single.jpeg'),
      }),
    );
    expect(files.map((f) => f.path)).toEqual([
      'flight/DJI_0010.JPG',
      'flight/DJI_0002.JPG',
      'flight/log.txt',
      'flight/tower 2/IMG_1.png',
      'single.jpeg',
    ]);
    expect(acceptedImages(files).map((f) => f.path)).toEqual([
      'flight/DJI_0002.JPG',
      'flight/DJI_0010.JPG',
      'flight/tower 2/IMG_1.png',
      'single.jpeg',
    ]);
  });

  it('counts the same file dropped twice once', () => {
    const a = photo('a.jpg');
    expect(
      acceptedImages([
        { file: a, path: 'f/a.jpg' },
        { file: a, path: 'f/a.jpg' },
      ]),
    ).toHaveLength(1);
  });
});
