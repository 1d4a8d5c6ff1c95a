// Sums the JSON reports of every suite into the plain last line CI reads: `N passed, N failed`.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
const expected = ['unit-postgres.json', 'unit-pglite.json', 'real.json', 'e2e.json'];
for (const name of expected) {
  const file = join(dir, name);
  if (!existsSync(file)) {
    console.log(`${name}: missing (suite did not run)`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  let p = 0;
  let f = 0;
  if ('numPassedTests' in report) {
    // vitest
    p = report.numPassedTests;
    f = report.numFailedTests + (report.numFailedTestSuites ?? 0);
    if (report.numPendingTests || report.numTodoTests) f += report.numPendingTests + report.numTodoTests;
  } else if (report.stats) {
    // playwright
    p = report.stats.expected;
    f = report.stats.unexpected + report.stats.flaky + report.stats.skipped;
  }
  console.log(`${name}: ${p} passed, ${f} failed`);
  passed += p;
  failed += f;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
