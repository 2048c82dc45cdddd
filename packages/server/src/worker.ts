import path from 'node:path';
import Fastify from 'fastify';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { jobDefinitions } from './jobs/definitions.ts';
import { openJobQueue } from './jobs/queue.ts';
import { buildIntegrations } from './integrations-wiring.ts';
import { loggerOptions } from './logger.ts';
import { createMailTransport } from './mail/mailer.ts';
import { composeDeps } from './deps.ts';
import { loadOrCreateSecret } from './session/secret-file.ts';
import { createFileLinkSigner } from './storage/file-links.ts';
import { localDiskStorage } from './storage/local-disk-storage.ts';
import { s3Storage } from './storage/s3-storage.ts';

/**
 * `npm run worker`: the job workers as their own process (ADR 021), so a deployment scales them apart from the web
 * instances (those run with JOBS_MODE=web). Same configuration as the server; no HTTP listener.
 */
async function worker(config: Config) {
  // The server's logger settings (redaction included) without a server: a Fastify instance is only the logger here.
  const log = Fastify(loggerOptions(config)).log;
  const database = await openDatabase(config);
  await runMigrations(database);
  const transport = createMailTransport(config);
  const jobs = await openJobQueue(database, jobDefinitions, {
    schedule: true,
    onError: (err) => log.error({ err }, 'job queue'),
  });
  const appUrl = config.publicUrl?.replace(/\/$/, '') ?? `http://localhost:${config.port}`;
  const integrations = buildIntegrations(config, log);
  // The same deps the server's routes use (ADR 028); the worker has no identity mounted, so no directory.
  const linkSecret =
    config.sessionPassword ?? loadOrCreateSecret(path.join(config.dataDir, 'session-password'));
  const deps = composeDeps({
    db: database.db,
    jobs,
    transport,
    storage: config.s3 ? s3Storage(config.s3) : localDiskStorage(path.join(config.dataDir, 'files')),
    fileLinks: createFileLinkSigner(linkSecret),
    integrations,
    appUrl,
    log,
  });
  await jobs.startWorkers(deps);
  log.info('job worker running');
  const stop = async (signal: string) => {
    log.info({ signal }, 'job worker stopping');
    await jobs.stop();
    await integrations.close();
    transport.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}

try {
  await worker(loadConfig());
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
