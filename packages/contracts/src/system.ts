import { z } from 'zod';

/**
 * GET /api/system/info: which build runs, in which environment, on which database. It answers nothing about any
 * organization; the web shows it to platform admins only (ADR 024).
 */
export const systemInfoSchema = z.object({
  product: z.string(),
  version: z.string(),
  environment: z.string(),
  database: z.enum(['embedded', 'postgres']),
});
export type SystemInfo = z.infer<typeof systemInfoSchema>;
