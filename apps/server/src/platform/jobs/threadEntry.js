// The code each ThreadPool thread runs: imports the named module and calls the named export with the
// args. Plain JavaScript so it loads the same from the sources (tests, `npm run dev`) and from dist/
// (build.mjs copies it next to the bundle); TypeScript task modules are loaded through tsx.
import { parentPort } from 'node:worker_threads';

// Loaded once per thread: tsImport compiles and instantiates the module anew on every call.
const loaded = new Map();

function load(module) {
  let mod = loaded.get(module);
  if (!mod) {
    mod = module.endsWith('.ts')
      ? import('tsx/esm/api').then(({ tsImport }) => tsImport(module, import.meta.url))
      : import(module);
    // A module that failed to load is tried again next time.
    mod.catch(() => loaded.delete(module));
    loaded.set(module, mod);
  }
  return mod;
}

parentPort.on('message', async (task) => {
  try {
    const mod = await load(task.module);
    const fn = mod[task.fn];
    if (typeof fn !== 'function') throw new Error(`${task.module} has no function ${task.fn}`);
    const result = await fn(...task.args);
    parentPort.postMessage({ id: task.id, ok: true, result });
  } catch (err) {
    parentPort.postMessage({
      id: task.id,
      ok: false,
      error: { message: err instanceof Error ? err.message : String(err) },
    });
  }
});
