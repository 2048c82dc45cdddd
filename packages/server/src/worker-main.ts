import path from 'node:path';
import Fastify from 'fastify';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { jobDefinitions } from './jobs/definitions.ts';
import { openJobQueue } from './jobs/queue.ts';
import { buildIntegrations } from './integrations-wiring.ts';
import { loggerOptions } from './logger.ts';
import { version } from './version.ts';
import { createMailTransport } from './mail/mailer.ts';
import { composeDeps } from './deps.ts';
import { loadOrCreateSecret } from './session/secret-file.ts';
import { createFileLinkSigner } from './storage/file-links.ts';
import { processLifecycle as lifecycle, StartInterrupted } from './lifecycle.ts';
import { localDiskStorage } from './storage/local-disk-storage.ts';
import { s3Storage } from './storage/s3-storage.ts';

/**
 * `npm run worker`: the job workers as their own process (ADR 021), so a deployment scales them apart from the web
 * instances (those run with JOBS_MODE=web). Same configuration as the server; no HTTP listener.
 */
async function worker(config: Config) {
  lifecycle.setGraceMs(config.shutdownGraceMs);
  // The server's logger settings (redaction included) without a server: a Fastify instance is only the logger here.
  const log = Fastify(loggerOptions(config)).log;
  // Traces (ADR 042): each job continues the trace of the request that enqueued it, when an endpoint is configured.
  if (config.otlpTracesUrl && !config.tracingRefused) {
    const { startTracing } = await import('./tracing/start-tracing.ts');
    const tracing = startTracing({
      url: config.otlpTracesUrl,
      serviceName: 'touchline-worker',
      version,
      environment: config.env,
    });
    lifecycle.onStop(() => tracing.shutdown());
  }
  // Each step is one a signal may stop at: the step under way finishes, then what the finished ones opened is closed,
  // last first, and the process exits 0 (the same lifecycle as the server's, ADR 018).
  const database = await lifecycle.step(() => openDatabase(config));
  lifecycle.onStop(() => database.close());
  await lifecycle.step(() => runMigrations(database));
  const transport = createMailTransport(config);
  lifecycle.onStop(() => transport.close());
  const jobs = await lifecycle.step(() =>
    openJobQueue(database, jobDefinitions, {
      schedule: true,
      onError: (err) => log.error({ err }, 'job queue'),
    }),
  );
  lifecycle.onStop(async () => {
    log.info('job worker stopping');
    await jobs.stop(config.shutdownGraceMs / 2);
  });
  const appUrl = config.publicUrl?.replace(/\/$/, '') ?? `http://localhost:${config.port}`;
  const integrations = buildIntegrations(config, log);
  lifecycle.onStop(() => integrations.close());
  // The same deps the server's routes use (ADR 028); the worker has no identity mounted, so no directory.
  const linkSecret =
    config.sessionPassword ?? loadOrCreateSecret(path.join(config.dataDir, 'session-password'));
  const deps = composeDeps({
    db: database.db,
    jobs,
    transport,
    storage: config.s3 ? s3Storage(config.s3) : localDiskStorage(path.join(config.dataDir, 'files')),
    fileLinks: createFileLinkSigner(linkSecret),
    fileKeys: config.fileKeys,
    integrations,
    appUrl,
    log,
  });
  await lifecycle.step(() => jobs.startWorkers(deps));
  log.info('job worker running');
}

try {
  await worker(loadConfig());
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  // A shutdown began during start-up: the lifecycle closes what was opened and exits 0.
  if (!(err instanceof StartInterrupted)) throw err;
}
