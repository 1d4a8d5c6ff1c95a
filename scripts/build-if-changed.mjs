// `npm start` builds only when a source changed since the last build, so a restart takes seconds.
// The fingerprint covers every input of the two builds (paths, sizes, modification times).
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const INPUTS = [
  'package-lock.json',
  'packages/domain/src',
  'apps/server/src',
  'apps/server/drizzle',
  'apps/server/build.mjs',
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
];
const OUTPUTS = ['apps/web/dist/index.html', 'apps/server/dist/main.js'];
const STAMP = 'apps/server/dist/.build-fingerprint';

function* files(path) {
  if (!existsSync(path)) return;
  const stat = statSync(path);
  if (!stat.isDirectory()) {
    yield [path, stat];
    return;
  }
  for (const name of readdirSync(path).sort()) yield* files(join(path, name));
}

function fingerprint() {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    for (const [path, stat] of files(input)) hash.update(`${path}\0${stat.size}\0${stat.mtimeMs}\n`);
  }
  return hash.digest('hex');
}

const current = fingerprint();
const upToDate =
  OUTPUTS.every((p) => existsSync(p)) && existsSync(STAMP) && readFileSync(STAMP, 'utf8') === current;
if (upToDate && !process.argv.includes('--force')) {
  console.log('Build is up to date (no source changed since the last build).');
} else {
  execSync('npm run build', { stdio: 'inherit' });
  writeFileSync(STAMP, current);
}
