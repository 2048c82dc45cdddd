import type { Deps } from '../deps.ts';
import { seedDemoActivity, type DemoAccountMaker } from './seed-demo-activity.ts';
import { seedDemoIncidents } from './seed-demo-incidents.ts';
import {
  seedDemoScreening,
  type UsSoccerSandboxControl,
  type YardstikSandboxControl,
} from './seed-demo-screening.ts';
import { seedDemoVerification } from './seed-demo-verification.ts';

/** One part of the demo: seeds itself once (each part keeps its own marker) and says what it added, or null. */
export type DemoSeedPart = { name: string; seed: () => Promise<string | null> };

/**
 * The demo's parts after its library, in order (each reads what the one before wrote: the incidents pick players
 * by the statuses the history gave them). Each is one start-up step, so a stop waits for one part, never the whole
 * demo; a later start runs the parts still pending and skips the ones already seeded.
 */
export function demoSeedParts(opts: {
  deps: Deps;
  makeAccount: DemoAccountMaker;
  yardstik: (YardstikSandboxControl & { sandbox?: boolean }) | undefined;
  usSoccer: (UsSoccerSandboxControl & { sandbox?: boolean }) | undefined;
}): DemoSeedPart[] {
  const { deps, makeAccount, yardstik, usSoccer } = opts;
  const parts: DemoSeedPart[] = [
    {
      name: 'history',
      seed: async () => {
        const history = await seedDemoActivity(deps, makeAccount);
        return (
          history && `Seeded the demo history: ${history.accounts} of ${history.members} members signed up.`
        );
      },
    },
    {
      name: 'incidents',
      seed: async () => {
        const seeded = await seedDemoIncidents(deps.db);
        return seeded && `Seeded the demo incidents: ${seeded.incidents} incidents and their conditions.`;
      },
    },
  ];
  // The screened staff are ordered through the Yardstik sandbox (its apply page and clock), so only with it.
  if (yardstik?.sandbox)
    parts.push({
      name: 'screening',
      seed: async () => {
        const started = performance.now();
        const screened = await seedDemoScreening(deps, makeAccount, yardstik, {
          usSoccer: usSoccer?.sandbox ? usSoccer : undefined,
        });
        const ms = Math.round(performance.now() - started);
        return screened && `Seeded the demo screening staff: ${screened.members} members in ${ms} ms.`;
      },
    });
  // Players in each verification state (issue 29): proofs are read here; identity goes through the Stripe sandbox.
  parts.push({
    name: 'verification',
    seed: async () => {
      const verified = await seedDemoVerification(deps, makeAccount);
      return verified && `Seeded the demo verified players: ${verified.members} members.`;
    },
  });
  return parts;
}
