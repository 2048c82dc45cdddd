import type { DatabaseHandle } from '../../db/client.ts';

/** Which build runs and on what: nothing about any organization (ADR 024). */
export type SystemInfo = {
  product: string;
  version: string;
  environment: string;
  database: 'embedded' | 'postgres';
};

/** Reads the deployment facts; the web shows them to platform admins only. */
export function getSystemInfo(
  database: DatabaseHandle,
  meta: { version: string; environment: string },
): SystemInfo {
  return {
    product: 'Touchline',
    version: meta.version,
    environment: meta.environment,
    database: database.kind,
  };
}
