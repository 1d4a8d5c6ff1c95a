import { MD5_SLICE_BYTES } from '@linewalker/domain';
import { createMD5 } from 'hash-wasm';

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Base64 MD5 of a file's bytes, read in 2 MB slices so a large photo never sits in memory whole. */
export async function md5Base64(file: Blob): Promise<string> {
  const md5 = await createMD5();
  md5.init();
  for (let offset = 0; offset < file.size; offset += MD5_SLICE_BYTES) {
    const slice = await file.slice(offset, offset + MD5_SLICE_BYTES).arrayBuffer();
    md5.update(new Uint8Array(slice));
  }
  return toBase64(md5.digest('binary'));
}
