import pino from 'pino';
import { jobDefinitions } from './jobs.ts';
import { openConfiguredDatabase } from './platform/bootstrap.ts';
import { ConfigError, loadConfig } from './platform/config.ts';
import { createDeps } from './platform/deps.ts';
import { JobWorker } from './platform/jobs/worker.ts';

/**
 * `npm run worker`: a process that only runs background jobs (no HTTP). Start as many as needed, on
 * as many machines, all pointed at the same PostgreSQL: they share the queue (README 'Scaling').
 */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) return fail(err.message);
    throw err;
  }
  if (!config.databaseUrl) {
    return fail(
      'npm run worker needs DATABASE_URL (a PostgreSQL server). The embedded database allows one process ' +
        'per data folder, and that process, the server, runs the jobs itself (JOB_WORKERS).',
    );
  }
  if (config.jobWorkers === 0) return fail('JOB_WORKERS is 0: this worker would run nothing.');
  const log = pino({ level: config.logLevel });
  const database = await openConfiguredDatabase(config);
  const worker = new JobWorker({
    deps: createDeps(config, database),
    definitions: jobDefinitions,
    concurrency: config.jobWorkers,
    log,
  });
  await worker.start();
  log.info(`Linewalker worker ${worker.id} running ${config.jobWorkers} job(s) at a time`);

  const shutdown = async (signal: string) => {
    log.info(`${signal}: stopping the worker`);
    await worker.stop();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

main().catch((err: unknown) => {
  process.stderr.write(
    `Linewalker worker could not start: ${err instanceof Error ? err.message : String(err)}\n`,
  );
  process.exit(1);
});
