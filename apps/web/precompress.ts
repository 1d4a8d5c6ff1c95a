import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Below this the server sends files as they are (its on-the-fly compression threshold, apps/server app.ts). */
const MIN_BYTES = 8 * 1024;
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|html)$/;

/**
 * Writes `<file>.gz` next to each compressible built file, once at build time. The server sends these
 * (`@fastify/static` `preCompressed`) instead of gzipping every script again for every page load: ~3 MB per
 * load of the map tabs, which took its one thread ~0.1 s (more on a busy machine) while the page's first API
 * calls (session, project list, the structures) waited behind it.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'linewalker-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    writeBundle() {
      const walk = (dir: string) => {
        for (const name of readdirSync(dir)) {
          const path = join(dir, name);
          if (statSync(path).isDirectory()) walk(path);
          else if (COMPRESSIBLE.test(name) && statSync(path).size >= MIN_BYTES) {
            writeFileSync(
              `${path}.gz`,
              gzipSync(readFileSync(path), { level: constants.Z_BEST_COMPRESSION }),
            );
          }
        }
      };
      walk(outDir);
    },
  };
}
