import { readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { databaseKind } from './lib/database.ts';
import { formatLoadTable, type LoadResult, type LoadScenario, runLoad } from './lib/load.ts';
import { DEFAULT_MEASURE, measurePair } from './lib/measure.ts';
import { type BenchResult, formatTable, machine } from './lib/report.ts';
import type { Scenario } from './lib/scenario.ts';
import { spread } from './lib/stats.ts';

const USAGE = `Benchmarks, each a ratio of our code to a baseline measured in the same run.

  npm run bench [-- [scenario ...] [--rounds N] [--round-ms MS] [--load-seconds S] [--json] [--list]]

Scenarios are the files in bench/scenarios/ (one default-exported defineScenario(...) each).`;

const scenariosDir = join(dirname(fileURLToPath(import.meta.url)), 'scenarios');

/** Every scenario file, so adding a benchmark is adding one file. */
type AnyScenario = Scenario | LoadScenario;

async function loadScenarios(): Promise<AnyScenario[]> {
  const files = readdirSync(scenariosDir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
    .sort();
  const scenarios: AnyScenario[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(join(scenariosDir, file)).href)) as { default?: AnyScenario };
    if (!mod.default?.name) throw new Error(`${file} has no default-exported scenario`);
    if (mod.default.name !== basename(file, '.ts')) {
      throw new Error(`${file} exports scenario '${mod.default.name}'; name the file after the scenario`);
    }
    scenarios.push(mod.default);
  }
  return scenarios;
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      rounds: { type: 'string' },
      'round-ms': { type: 'string' },
      'load-seconds': { type: 'string' },
      json: { type: 'boolean', default: false },
      list: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const all = await loadScenarios();
  if (values.list) {
    for (const s of all) console.log(`${s.name.padEnd(24)} ${s.description}`);
    return;
  }
  // A name selects that scenario, or every variant named `<name>-…` (csv-parse → csv-parse-100k, csv-parse-1m).
  const matches = (s: AnyScenario, name: string) => s.name === name || s.name.startsWith(`${name}-`);
  const unknown = positionals.filter((name) => !all.some((s) => matches(s, name)));
  if (unknown.length > 0) {
    console.error(`Unknown scenario(s): ${unknown.join(', ')}. Known: ${all.map((s) => s.name).join(', ')}`);
    process.exitCode = 1;
    return;
  }
  const selected = positionals.length > 0 ? all.filter((s) => positionals.some((n) => matches(s, n))) : all;
  const flags = {
    ...(values.rounds ? { rounds: Number.parseInt(values.rounds, 10) } : {}),
    ...(values['round-ms'] ? { roundMs: Number.parseInt(values['round-ms'], 10) } : {}),
  };

  console.log(`Machine: ${machine()}\nDatabase: ${databaseKind()}\n`);
  const results: BenchResult[] = [];
  const loadResults: LoadResult[] = [];
  const reports: string[] = [];
  for (const scenario of selected) {
    process.stdout.write(`${scenario.name}: ${scenario.description}\n  setting up… `);
    const started = Date.now();
    if ('kind' in scenario) {
      const context = await scenario.setup();
      process.stdout.write(`${Date.now() - started} ms; measuring… `);
      try {
        loadResults.push(
          await runLoad(scenario, context, {
            ...(values.rounds ? { rounds: Number.parseInt(values.rounds, 10) } : {}),
            ...(values['load-seconds'] ? { seconds: Number.parseInt(values['load-seconds'], 10) } : {}),
          }),
        );
        process.stdout.write('done\n');
      } finally {
        await scenario.teardown?.(context);
      }
      continue;
    }
    const context = await scenario.setup();
    process.stdout.write(`${Date.now() - started} ms; measuring… `);
    try {
      const ops = await measurePair(
        () => scenario.subject(context),
        () => scenario.baseline(context),
        { ...DEFAULT_MEASURE, ...scenario.measure, ...flags },
        scenario.afterEach ? () => scenario.afterEach?.(context) : undefined,
      );
      results.push({
        name: scenario.name,
        subject: ops.subject,
        baseline: ops.baseline,
        ratio: ops.ratio,
        ratioSpread: ops.ratioSpread,
        cpuRatio: ops.cpuRatio,
        cpuRatioSpread: spread(ops.cpuRatios),
        pairs: ops.ratios.length,
        load: ops.load,
        target: scenario.target,
      });
      process.stdout.write('done\n');
      if (scenario.report) reports.push(`${scenario.name}: ${scenario.report(context)}`);
    } finally {
      await scenario.teardown?.(context);
    }
  }
  if (results.length > 0) console.log(`\n${formatTable(results)}`);
  for (const report of reports) console.log(report);
  if (loadResults.length > 0) console.log(`\n${formatLoadTable(loadResults)}`);
  if (values.json) {
    console.log(
      JSON.stringify({ machine: machine(), database: databaseKind(), results, loadResults }, null, 2),
    );
  }
}

await main();
