import { createStripeSandbox, type StripeSandbox } from '@touchline/sandbox/stripe/stripe-sandbox';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  hierarchyLevels,
  memberRequirements,
  profileLevelAccesses,
  profiles,
  requirementDefinitions,
} from '../db/schema/index.ts';
import { buildIntegrations, type Integrations } from '../integrations-wiring.ts';
import { eligibilityFlagsOf } from '../modules/eligibility/eligibility.service.ts';
import { latestVerification } from '../modules/verification/age-verification.service.ts';
import { closeDocumentReaders } from '../modules/verification/document-reader.ts';
import { verificationStatusOf } from '../modules/verification/verification-state.ts';
import {
  demoVerificationLevelName,
  demoVerificationMembers,
  seedDemoVerification,
} from './seed-demo-verification.ts';
import { linkDemoAdminProfile, seedDemoOrganization } from './seed-demo.ts';

const keys = { secretKey: 'sk_test_demo', publishableKey: 'pk_test_demo', webhookSecret: 'whsec_demo' };
let stripe: StripeSandbox;
let integrations: Integrations;
let t: TestApp;

beforeAll(async () => {
  stripe = createStripeSandbox(keys);
  const apiUrl = await stripe.listen();
  integrations = buildIntegrations(
    { yardstik: undefined, stripe: { apiUrl, ...keys, sandbox: true }, billingTrialDays: 30 },
    { info() {}, warn() {} },
  );
  t = await createTestApp({}, { integrations });
});
afterAll(async () => {
  await t.close();
  await integrations.close();
  await stripe.close();
  await closeDocumentReaders();
});

describe('the demo league’s verified players (issue 29)', () => {
  it('has a player in each verification state of both types, through the use cases and the sandbox, once', async () => {
    const db = t.database.db;
    const { organizationId } = await seedDemoOrganization(db);
    await linkDemoAdminProfile(db, (profileId) =>
      t.createUser({ email: 'admin@demo.touchline.test', roles: ['Admin'], currentProfileId: profileId }),
    );
    const makeAccount = (m: { email: string; profileId: string }) =>
      t.createUser({ email: m.email, currentProfileId: m.profileId });
    expect(await seedDemoVerification(t.app.deps, makeAccount)).toEqual({
      members: demoVerificationMembers.length,
    });
    expect(await seedDemoVerification(t.app.deps, makeAccount)).toBeNull();
    for (const m of demoVerificationMembers) {
      const [row] = await db
        .select({ requirement: memberRequirements, type: requirementDefinitions.type })
        .from(memberRequirements)
        .innerJoin(profiles, eq(profiles.id, memberRequirements.profileId))
        .innerJoin(requirementDefinitions, eq(requirementDefinitions.id, memberRequirements.definitionId))
        .where(
          and(
            eq(profiles.organizationId, organizationId),
            eq(profiles.firstName, m.firstName),
            eq(profiles.lastName, m.lastName),
            eq(requirementDefinitions.type, m.story.type === 'age' ? 7 : 9),
          ),
        );
      expect(row, `${m.firstName} ${m.lastName}`).toBeDefined();
      const latest = await latestVerification(db, organizationId, row!.requirement.id);
      expect(verificationStatusOf(latest, row!.requirement), `${m.firstName} ${m.story.type}`).toBe(
        m.story.state,
      );
    }
    // The level's age group (U14, born in 2012) flags the verified players: born in 2013 plays up, 2011 over age.
    const accesses = await db
      .select({ id: profileLevelAccesses.id, firstName: profiles.firstName, lastName: profiles.lastName })
      .from(profileLevelAccesses)
      .innerJoin(profiles, eq(profiles.id, profileLevelAccesses.profileId))
      .innerJoin(hierarchyLevels, eq(hierarchyLevels.id, profileLevelAccesses.hierarchyLevelId))
      .where(
        and(
          eq(profileLevelAccesses.organizationId, organizationId),
          eq(hierarchyLevels.name, demoVerificationLevelName),
        ),
      );
    expect(accesses).toHaveLength(demoVerificationMembers.length);
    const flags = await eligibilityFlagsOf(
      db,
      organizationId,
      accesses.map((a) => a.id),
    );
    expect(
      Object.fromEntries(
        accesses.flatMap((a) => {
          const found = flags.get(a.id);
          return found ? [[`${a.firstName} ${a.lastName}`, found]] : [];
        }),
      ),
    ).toEqual({
      'Ben Ortiz': ['OverAge'],
      'Dev Quinn': ['PlaysUp'],
      'Hana Ueda': ['OverAge'],
      'Jo Walsh': ['PlaysUp'],
    });
  }, 180_000);
});
