import { sql } from 'drizzle-orm';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { RequirementType } from '@touchline/contracts/requirement-types';
import type { DatabaseHandle } from '../src/db/client.ts';
import { requirementStatusSetAggregate } from '../src/db/requirement-status-set.ts';
import type { ScreeningPort, ScreeningReport, ScreeningStatus } from '../src/integrations/screening/port.ts';
import { refreshScreeningReport } from '../src/modules/background-checks/background-check-orders.ts';
import { refreshMemberRequirements } from '../src/modules/requirements/requirements.service.ts';
import { compare, report } from './measure.ts';
import { seedRequirementsWorld } from './requirements-world.ts';

// `npm run bench -- screening`: webhooks applied through our path (refreshScreeningReport: the re-read, the order
// row locked and updated, the requirement's facts, status, overall status, history and audit through
// recordChange) against the raw SQL of the same row updates (order, requirement, the member's status summary on
// their access, event, audit) in one transaction,
// same orders, same status changes, rounds interleaved. The vendor is an in-memory port, so only our side is timed.
// Goal (issue 20): ≤ 3×.

const members = Number(process.env.BENCH_SCREENING_MEMBERS ?? 1000);

/** A vendor that answers each report with the status the bench last set for it. */
function fakePort(statuses: Map<string, ScreeningStatus>): ScreeningPort {
  const reportOf = (id: string): ScreeningReport => ({
    id,
    externalId: null,
    status: statuses.get(id) ?? 'in_progress',
    vendorStatus: statuses.get(id) ?? 'in_progress',
    applyUrl: null,
    reportUrl: null,
    completedAt: null,
  });
  return {
    vendor: 'yardstik',
    listPackages: async () => [],
    ensureCandidate: async () => ({ candidateId: 'c' }),
    orderReport: async (input) => reportOf(input.externalId),
    getReport: async (id) => reportOf(id),
    readWebhook: () => {
      throw new Error('not used');
    },
  };
}

/** The screening benchmark on one database. */
export async function benchScreening(handle: DatabaseHandle): Promise<void> {
  const { db } = handle;
  const world = await seedRequirementsWorld(db, { members, definitions: 1 });
  await db.execute(
    sql`update requirement_definitions set type = ${RequirementType.BackgroundCheck} where organization_id = ${world.organizationId}`,
  );
  await refreshMemberRequirements(db, world.organizationId);
  const inserted = await db.execute(sql`insert into screening_orders
      (organization_id, profile_level_access_id, member_requirement_id, vendor, vendor_candidate_id,
       vendor_report_id, package_id, status, vendor_status)
    select mr.organization_id, mr.profile_level_access_id, mr.id, 'yardstik', 'c-' || mr.id, mr.id::text, 'pkg',
      'in_progress', 'processing'
    from member_requirements mr where mr.organization_id = ${world.organizationId}
    returning vendor_report_id as id`);
  const reports = (inserted as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
  await db.execute(sql`update member_requirements set waiting_on = 2, status = ${RequirementStatus.WaitingOnProvider}
    where organization_id = ${world.organizationId}`);
  const statuses = new Map<string, ScreeningStatus>(reports.map((id) => [id, 'in_progress']));
  const port = fakePort(statuses);
  // Each webhook moves its order to the other open status, so every one changes the requirement.
  const flip = (id: string): ScreeningStatus => {
    const next = statuses.get(id) === 'in_progress' ? 'awaiting_candidate' : 'in_progress';
    statuses.set(id, next);
    return next;
  };
  let a = 0;
  let b = 0;
  const result = await compare(
    {
      name: 'webhook through refreshScreeningReport',
      run: async () => {
        const id = reports[a++ % reports.length]!;
        flip(id);
        const applied = await refreshScreeningReport({ db, screening: port }, {}, id);
        if (!applied.changed) throw new Error('a bench webhook changed nothing');
      },
    },
    {
      name: 'raw SQL of the same updates',
      run: async () => {
        const id = reports[b++ % reports.length]!;
        const status = flip(id);
        const waitingOn = status === 'awaiting_candidate' ? 1 : 2;
        const derived =
          status === 'awaiting_candidate'
            ? RequirementStatus.WaitingOnApplicant
            : RequirementStatus.WaitingOnProvider;
        await db.transaction(async (tx) => {
          const picked = (await tx.execute(sql`select id, member_requirement_id, organization_id, status
              from screening_orders where vendor = 'yardstik' and vendor_report_id = ${id} for update`)) as unknown as {
            rows: { id: string; member_requirement_id: string; organization_id: string; status: string }[];
          };
          const order = picked.rows[0]!;
          await tx.execute(sql`update screening_orders set status = ${status}, vendor_status = ${status},
              vendor_checked_at = now(), updated_at = now() where id = ${order.id}`);
          await tx.execute(sql`update member_requirements set waiting_on = ${waitingOn}, status = ${derived},
              updated_at = now() where id = ${order.member_requirement_id}`);
          // The member's summary (requirement status set, last activity) the product keeps beside the overall status.
          await tx.execute(sql`update profile_level_accesses pla
              set requirement_statuses = r.statuses, last_activity_at = r.last_activity_at, updated_at = now()
            from (select profile_id from member_requirements where id = ${order.member_requirement_id}) p
            cross join lateral (select ${requirementStatusSetAggregate(sql`mr.status`)} as statuses,
                max(mr.updated_at) as last_activity_at
              from member_requirements mr
              where mr.organization_id = ${order.organization_id} and mr.profile_id = p.profile_id and mr.active) r
            where pla.organization_id = ${order.organization_id} and pla.profile_id = p.profile_id
              and pla.deleted_at is null`);
          await tx.execute(sql`insert into requirement_events
              (organization_id, member_requirement_id, action, from_status, to_status, data)
            values (${order.organization_id}, ${order.member_requirement_id}, 'background-check-result',
              ${derived}, ${derived}, ${JSON.stringify({ orderId: order.id, screeningStatus: status })}::jsonb)`);
          await tx.execute(sql`insert into audit_events (organization_id, action, entity_type, entity_id, data)
            values (${order.organization_id}, 'requirement.background_check_result', 'member_requirement',
              ${order.member_requirement_id}, '{}'::jsonb)`);
        });
      },
    },
    {
      rounds: Number(process.env.BENCH_SCREENING_ROUNDS ?? 3),
      iterations: Number(process.env.BENCH_SCREENING_WEBHOOKS ?? 1000),
    },
  );
  report(`screening webhooks (${handle.kind}, ${reports.length} orders)`, result, { max: 3 });
}
