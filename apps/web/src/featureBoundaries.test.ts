import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The import boundaries of the web app, checked with the repository's own biome.json: a feature
 * imports components/, lib/, config/, the domain package and itself, never another feature or app/;
 * shared code never imports features/ or app/. Each case is a file written at its real place in a
 * copy of the tree layout, linted by the real Biome.
 */
const REPO = resolve(import.meta.dirname, '../../..');
const BIOME = join(REPO, 'node_modules/.bin/biome');

const CASES: Array<{ file: string; from: string; allowed: boolean }> = [
  // A file directly in the feature, one, two and three folders down.
  { file: 'features/assignment/x.ts', from: '../projects/api/getProjects.ts', allowed: false },
  { file: 'features/assignment/x.ts', from: '../../lib/api.ts', allowed: true },
  { file: 'features/assignment/api/x.ts', from: '../../projects/api/getProjects.ts', allowed: false },
  { file: 'features/assignment/api/x.ts', from: '../../../lib/queryKeys.ts', allowed: true },
  { file: 'features/assignment/api/x.ts', from: '../../../components/map/clusters.ts', allowed: true },
  { file: 'features/assignment/api/x.ts', from: '../../../config/paths.ts', allowed: true },
  { file: 'features/assignment/api/x.ts', from: '../../../app/router.tsx', allowed: false },
  { file: 'features/assignment/api/x.ts', from: '../../../../../server/src/main.ts', allowed: false },
  { file: 'features/assignment/api/x.ts', from: '../model/assignmentModel.ts', allowed: true },
  { file: 'features/assignment/api/x.ts', from: '@linewalker/domain', allowed: true },
  { file: 'features/inspections/components/complete/x.tsx', from: '../../../auth/x.ts', allowed: false },
  {
    file: 'features/inspections/components/complete/x.tsx',
    from: '../../../../lib/session.ts',
    allowed: true,
  },
  { file: 'features/inspections/components/complete/x.tsx', from: '../../model/columns.ts', allowed: true },
  { file: 'features/a/b/c/d/x.ts', from: '../../../../z/api.ts', allowed: false },
  { file: 'features/a/b/c/d/x.ts', from: '../../../../../lib/api.ts', allowed: true },
  // Shared code stays independent of the features and of the app shell.
  { file: 'lib/x.ts', from: '../features/auth/api/login.ts', allowed: false },
  { file: 'components/map/x.ts', from: '../../app/theme.ts', allowed: false },
  // The app layer composes features.
  { file: 'app/routes/x.tsx', from: '../../features/projects/routes/ProjectRoute.tsx', allowed: true },
];

let root: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'linewalker-boundaries-'));
  const config = JSON.parse(readFileSync(join(REPO, 'biome.json'), 'utf8')) as Record<string, unknown>;
  delete config.$schema;
  // The copy is not a git checkout.
  config.vcs = { enabled: false };
  writeFileSync(join(root, 'biome.json'), JSON.stringify(config));
  CASES.forEach((c, i) => {
    const path = join(root, 'apps/web/src', c.file.replace(/x\.(tsx?)$/, `case${i}.$1`));
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, `import { thing } from '${c.from}';\n\nexport const used = thing;\n`);
  });
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

interface Diagnostic {
  category: string;
  location: { path: string };
}

describe('feature import boundaries (biome.json noRestrictedImports)', () => {
  it('refuses imports across features and from app/, and allows the shared folders', async () => {
    const run = promisify(execFile);
    const result = await run(BIOME, ['lint', '--reporter=json', '--only=style/noRestrictedImports', 'apps'], {
      cwd: root,
    }).catch((failure: { stdout: string }) => failure);
    const report = JSON.parse(result.stdout) as { diagnostics: Diagnostic[] };
    const refused = new Set(report.diagnostics.map((d) => d.location.path.match(/case(\d+)\./)?.[1]));
    const verdicts = CASES.map((c, i) => ({ ...c, allowed: !refused.has(String(i)) }));
    expect(verdicts).toEqual(CASES);
  }, 60_000);
});
