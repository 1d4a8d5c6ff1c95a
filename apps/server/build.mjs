// Bundles the server (with the workspace's domain package inlined) into dist/main.js.
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist', { recursive: true, force: true });
await build({
  // Thread-pool task modules are entry points too: a ThreadPool thread loads them on their own.
  entryPoints: [
    'src/main.ts',
    'src/worker.ts',
    'src/seed/cli.ts',
    'src/modules/upload/renditions.task.ts',
    'src/modules/ai/detector/train.task.ts',
  ],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  // The domain package is TypeScript source inside the workspace: inline it.
  // A folder, so subpath imports (`@linewalker/domain/projects/zoneAt`) resolve too.
  alias: { '@linewalker/domain': '../../packages/domain/src' },
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: 'warning',
});
cpSync('drizzle', 'dist/drizzle', { recursive: true });
cpSync('src/platform/jobs/threadEntry.js', 'dist/threadEntry.js');
cpSync('src/modules/ai/detector/taskEntry.js', 'dist/modules/ai/detector/taskEntry.js');
