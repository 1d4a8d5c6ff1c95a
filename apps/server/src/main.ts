import { buildApp } from './app.ts';
import { openConfiguredDatabase, prepareDatabase } from './platform/bootstrap.ts';
import { ConfigError, loadConfig } from './platform/config.ts';

async function main(): Promise<void> {
  const started = Date.now();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const database = await openConfiguredDatabase(config);
  const app = await buildApp({ config, database });
  await prepareDatabase(database, config, app.log);
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Linewalker ready at ${config.publicUrl} on ${database.kind} in ${Date.now() - started} ms (API docs: /api/docs)`,
  );

  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  process.stderr.write(`Linewalker could not start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
