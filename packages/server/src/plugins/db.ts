import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
  }
}

/** Makes the open database available to routes; its lifetime belongs to whoever opened it (main or a test). */
async function dbPlugin(app: FastifyInstance, opts: { database: DatabaseHandle }) {
  app.decorate('database', opts.database);
}

export const db = fp(dbPlugin, { name: 'db' });
