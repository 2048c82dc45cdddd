import { z } from 'zod';

/** GET /api/system/info: what the landing page shows about this deployment and its demo league. */
export const systemInfoSchema = z.object({
  product: z.string(),
  version: z.string(),
  environment: z.string(),
  database: z.enum(['embedded', 'postgres']),
  demo: z
    .object({
      organizationName: z.string(),
      memberCount: z.number().int(),
      levelCount: z.number().int(),
    })
    .nullable(),
});
export type SystemInfo = z.infer<typeof systemInfoSchema>;
