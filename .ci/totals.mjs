// Sums the JSON reports of every suite into the plain last line CI reads: `N passed, N failed`.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let flaky = 0;
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
    // Named here because CI's log is read from its end: the failures scroll far above it.
    for (const title of vitestFailures(report)) console.log(`failed (${name}): ${title}`);
  } else if (report.stats) {
    // playwright
    // A journey that failed once and passed on its one retry (CI only) counts as passed but is named:
    // the machine is shared, and a flake is a defect to fix, not a reason to throw the run away.
    p = report.stats.expected + report.stats.flaky;
    f = report.stats.unexpected + report.stats.skipped;
    flaky += report.stats.flaky;
    for (const title of playwrightTitles(report.suites ?? [], 'flaky'))
      console.log(`flaky (passed on retry): ${title}`);
    for (const title of playwrightTitles(report.suites ?? [], 'unexpected'))
      console.log(`failed (${name}): ${title}`);
  }
  console.log(`${name}: ${p} passed, ${f} failed`);
  passed += p;
  failed += f;
}
if (flaky > 0) console.log(`${flaky} of the passed journeys passed only on their retry`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);

/** Titles of the Playwright tests whose outcome is `status` ('flaky', 'unexpected'), walking nested suites. */
function playwrightTitles(suites, status, path = []) {
  const titles = [];
  for (const suite of suites) {
    const here = suite.title ? [...path, suite.title] : path;
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === status) titles.push([...here, spec.title].join(' › '));
    titles.push(...playwrightTitles(suite.suites ?? [], status, here));
  }
  return titles;
}

/** File and full name of each failed vitest test, with the first line of its message; files that failed to load too. */
function vitestFailures(report) {
  const lines = [];
  for (const file of report.testResults ?? []) {
    const where = file.name.replace(/^.*?\/(apps|packages)\//, '$1/');
    const failures = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    if (failures.length === 0 && file.status === 'failed')
      lines.push(
        `${where}: ${String(file.message ?? '')
          .split('\n')[0]
          .slice(0, 200)}`,
      );
    for (const t of failures)
      lines.push(
        `${where} › ${t.fullName}: ${String(t.failureMessages?.[0] ?? '')
          .split('\n')[0]
          .slice(0, 200)}`,
      );
  }
  return lines;
}
