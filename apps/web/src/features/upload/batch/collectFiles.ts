import { isAcceptedImageFile, isDotfile } from '@linewalker/domain';
import type { DroppedFile } from './uploadTypes.ts';

/** Reads every entry of a directory (the browser hands them out in pages of up to 100). */
async function readAll(reader: FileSystemDirectoryReader): Promise<FileSystemEntry[]> {
  const entries: FileSystemEntry[] = [];
  for (;;) {
    const page = await new Promise<FileSystemEntry[]>((resolve, reject) =>
      reader.readEntries(resolve, reject),
    );
    if (page.length === 0) return entries;
    entries.push(...page);
  }
}

const fileOf = (entry: FileSystemFileEntry) =>
  new Promise<File>((resolve, reject) => entry.file(resolve, reject));

/** Walks a dropped entry: folders recursively, hidden files and folders skipped. */
async function walk(entry: FileSystemEntry, path: string, out: DroppedFile[]): Promise<void> {
  if (isDotfile(entry.name)) return;
  if (entry.isFile) {
    out.push({
      file: await fileOf(entry as FileSystemFileEntry),
      path: path ? `${path}/${entry.name}` : entry.name,
    });
    return;
  }
  if (entry.isDirectory) {
    const children = await readAll((entry as FileSystemDirectoryEntry).createReader());
    const here = path ? `${path}/${entry.name}` : entry.name;
    for (const child of children) await walk(child, here, out);
  }
}

/** Every file of a drop, folders traversed (webkitGetAsEntry where the browser has it). */
export async function filesFromDataTransfer(data: DataTransfer): Promise<DroppedFile[]> {
  const items = Array.from(data.items ?? []).filter((item) => item.kind === 'file');
  const entries = items.map((item) => item.webkitGetAsEntry?.() ?? null);
  if (entries.length > 0 && entries.every((entry) => entry !== null)) {
    const out: DroppedFile[] = [];
    for (const entry of entries) await walk(entry as FileSystemEntry, '', out);
    return out;
  }
  return Array.from(data.files).map((file) => ({ file, path: file.name }));
}

/** Files chosen with an <input type=file> (a folder input gives their path inside the folder). */
export const filesFromInput = (files: FileList | readonly File[]): DroppedFile[] =>
  Array.from(files).map((file) => ({ file, path: file.webkitRelativePath || file.name }));

const byPath = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * Keeps the photos the upload takes (spec 2 §5) and drops repeats of the same file (same path, size
 * and time), e.g. a folder dropped twice.
 */
export function acceptedImages(files: readonly DroppedFile[]): DroppedFile[] {
  const seen = new Set<string>();
  const out: DroppedFile[] = [];
  for (const dropped of files) {
    if (!isAcceptedImageFile(dropped.file, dropped.path)) continue;
    const key = `${dropped.path}\u0000${dropped.file.size}\u0000${dropped.file.lastModified}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(dropped);
  }
  // In folder order (DJI_0002 before DJI_0010), whatever order the browser listed them in.
  return out.sort((a, b) => byPath.compare(a.path, b.path));
}
