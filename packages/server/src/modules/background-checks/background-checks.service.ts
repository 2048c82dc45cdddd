import { eq } from 'drizzle-orm';
import { ActivationStatus } from '@touchline/contracts/profiles';
import type { Executor } from '../../db/client.ts';
import { yardstikOnboardings } from '../../db/schema/index.ts';

// What other modules may ask of the background-check setup (the lint rule lets them read this file only).

/** The organization's Yardstik activation as stored (NotStarted without a row): the active profile reads this. */
export async function yardstikActivationOf(db: Executor, organizationId: string): Promise<ActivationStatus> {
  const [row] = await db
    .select({ status: yardstikOnboardings.status })
    .from(yardstikOnboardings)
    .where(eq(yardstikOnboardings.organizationId, organizationId));
  return (row?.status as ActivationStatus | undefined) ?? ActivationStatus.NotStarted;
}
