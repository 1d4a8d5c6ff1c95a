import { buildApp } from './app.ts';
import { jobDefinitions } from './jobs.ts';
import { startDemoSimulator, startSensorIngestion } from './modules/sensors/sensorIngestion.ts';
import { openConfiguredDatabase, prepareDatabase } from './platform/bootstrap.ts';
import { ConfigError, loadConfig } from './platform/config.ts';
import { JobWorker } from './platform/jobs/worker.ts';
import { demoSensorIds } from './seed/demoExtras.ts';

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
  if (await prepareDatabase(database, config, app.log)) {
    // Demo photos go through the real upload service, so they need the app's storage and job queue.
    const { loadDemoPhotos } = await import('./seed/demoPhotos.ts');
    const photosStarted = Date.now();
    const photos = await loadDemoPhotos(app.deps);
    app.log.info(`Demo photos uploaded: ${photos} in ${Date.now() - photosStarted} ms`);
    // Photos, arms and flanges of the ETT and ABB projects.
    const { loadDemoEtt } = await import('./seed/demoEtt.ts');
    app.log.info(`Demo ETT/ABB photos: ${await loadDemoEtt(app.deps)}`);
    // A first delivery of some of them, whose package the job worker builds once it starts.
    const { loadDemoDelivery } = await import('./seed/demoDelivery.ts');
    app.log.info(`Demo delivery: ${await loadDemoDelivery(app.deps)} photos`);
    // AI models: one with generated images marked up, ready to train.
    const { loadDemoAi } = await import('./seed/demoAi.ts');
    app.log.info(`Demo AI images: ${await loadDemoAi(app.deps)}`);
  }
  await app.listen({ port: config.port, host: config.host });
  const worker =
    config.jobWorkers > 0
      ? new JobWorker({
          deps: app.deps,
          definitions: jobDefinitions,
          concurrency: config.jobWorkers,
          log: app.log,
        })
      : null;
  await worker?.start();
  const sensors = await startSensorIngestion(database.db, app.log, config.mqtt, {
    mailer: app.deps.mailer,
    publicUrl: config.publicUrl,
  });
  // The demo's devices report live values: new tokens for them at each start, readings every 2 seconds.
  const simulator = config.demoData
    ? await startDemoSimulator(database.db, app.log, sensors, demoSensorIds())
    : null;
  app.log.info(
    `Linewalker ready at ${config.publicUrl} on ${database.kind} with ${config.jobWorkers} job worker(s) in ${Date.now() - started} ms (API docs: /api/docs)`,
  );

  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    // Stop taking requests and jobs; the job in hand gets a grace period, then goes back to the queue.
    await simulator?.stop();
    await Promise.all([app.close(), worker?.stop(), sensors.close()]);
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
