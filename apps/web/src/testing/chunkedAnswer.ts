/**
 * A JSON answer arriving in three pieces, as a compressed stream does (no Content-Length); with
 * `statedLength` it states its length in `x-uncompressed-length`, as the server's gzip answers do.
 */
export function chunkedAnswer(text: string, statedLength: boolean) {
  const bytes = new TextEncoder().encode(text);
  const third = Math.ceil(bytes.length / 3);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < bytes.length; i += third) controller.enqueue(bytes.slice(i, i + third));
      controller.close();
    },
  });
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (statedLength) headers['x-uncompressed-length'] = String(bytes.length);
  return { response: new Response(body, { status: 200, headers }), length: bytes.length };
}
