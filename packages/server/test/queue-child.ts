import Fastify from 'fastify';
import pg from 'pg';
import { fromPool } from '../src/db/client.ts';
import { openJobQueue } from '../src/jobs/queue.ts';
import { outboxTransport } from '../src/mail/mailer.ts';
import { testJobs } from './queue-jobs.ts';
import { noIntegrations } from '../src/integrations-wiring.ts';

// A worker process for the queue tests: runs the test jobs on QUEUE_TEST_DATABASE_URL until it is killed.
const database = fromPool(new pg.Pool({ connectionString: process.env.QUEUE_TEST_DATABASE_URL, max: 4 }));
const jobs = await openJobQueue(database, testJobs, { superviseIntervalSeconds: 1 });
const log = Fastify({ logger: false }).log;
await jobs.startWorkers(
  {
    db: database.db,
    jobs,
    transport: outboxTransport(),
    appUrl: 'http://localhost',
    log,
    integrations: noIntegrations,
  },
  { pollingIntervalSeconds: 0.5 },
);
process.stdout.write('ready\n');
