// A worker thread that runs one long task with progress (model training): imports workerData.module
// (TypeScript through tsx from the sources, JavaScript in dist/), calls workerData.fn(input, progress)
// and posts { progress: [step, total] } messages, then { result } or { error }.
import { parentPort, workerData } from 'node:worker_threads';

const { module, fn, input } = workerData;
try {
  const mod = module.endsWith('.ts')
    ? await import('tsx/esm/api').then(({ tsImport }) => tsImport(module, import.meta.url))
    : await import(module);
  const result = await mod[fn](input, (step, total) => parentPort.postMessage({ progress: [step, total] }));
  parentPort.postMessage({ result });
} catch (err) {
  parentPort.postMessage({ error: err instanceof Error ? err.message : String(err) });
}
