// The importer alone: the worker needs the parser and row rules, not zod and every schema (100 kB → ~10 kB).
import { StructureCsvImport } from '@linewalker/domain/csv/importer';
import type { ValidateMessage, ValidateRequest } from './csvValidationProtocol.ts';

/**
 * Checks every row of a structure CSV off the main thread (spec 1 §4: rows are validated in the
 * background with a progress percentage), streaming the file through the domain parser chunk by
 * chunk so a 100,000-row file neither freezes the page nor has to exist as one string.
 */
// The web tsconfig has the DOM library, not WebWorker (the two clash): describe what is used here.
interface WorkerScope {
  postMessage(message: ValidateMessage): void;
  onmessage: ((event: MessageEvent<ValidateRequest>) => void) | null;
}
const scope = self as unknown as WorkerScope;
const post = (message: ValidateMessage) => scope.postMessage(message);

async function open(
  source: ValidateRequest['source'],
): Promise<{ stream: ReadableStream<Uint8Array>; size: number }> {
  if ('file' in source) return { stream: source.file.stream(), size: source.file.size };
  const response = await fetch(source.url);
  if (!response.ok || !response.body) throw new Error(`Could not read the file (${response.status}).`);
  return { stream: response.body, size: Number(response.headers.get('content-length') ?? 0) };
}

async function validate(request: ValidateRequest): Promise<void> {
  const started = performance.now();
  const positions = { latSum: 0, lonSum: 0, count: 0 };
  const importer = new StructureCsvImport({
    onValidRow: (row) => {
      positions.latSum += row.latitude;
      positions.lonSum += row.longitude;
      positions.count++;
    },
    lineNameField: request.lineNameField,
    structNumField: request.structNumField,
    latField: request.latField,
    lonField: request.lonField,
    structNumFallbackField: request.structNumFallbackField,
  });
  const { stream, size } = await open(request.source);
  const reader = stream.getReader();
  const decoder = new TextDecoder('utf-8');
  let bytes = 0;
  let lastPercent = -1;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    importer.push(decoder.decode(value, { stream: true }));
    // Only whole-percent changes are posted: the page re-renders on each message.
    const percent = size > 0 ? Math.min(99, Math.floor((bytes / size) * 100)) : 0;
    if (percent !== lastPercent) {
      lastPercent = percent;
      post({ type: 'progress', percent, rows: importer.rowsRead });
    }
  }
  importer.push(decoder.decode());
  const report = importer.end();
  post({
    type: 'done',
    report,
    positions,
    rows: report.rowCount,
    ms: Math.round(performance.now() - started),
  });
}

scope.onmessage = (event: MessageEvent<ValidateRequest>) => {
  validate(event.data).catch((error: unknown) => {
    post({ type: 'error', message: error instanceof Error ? error.message : 'The file could not be read.' });
  });
};
