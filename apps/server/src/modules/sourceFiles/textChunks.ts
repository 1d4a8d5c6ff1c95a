import type { Readable } from 'node:stream';

/**
 * A byte stream as UTF-8 text chunks. TextDecoder in streaming mode keeps a character split across
 * two chunks whole; invalid bytes become U+FFFD rather than failing the import.
 */
export async function* textChunks(stream: Readable): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  for await (const chunk of stream) {
    const text = decoder.decode(chunk as Uint8Array, { stream: true });
    if (text.length > 0) yield text;
  }
  const rest = decoder.decode();
  if (rest.length > 0) yield rest;
}
