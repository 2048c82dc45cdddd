import type { ManagedLabel } from '@touchline/contracts/labels';
import type { MemberLabel } from '@touchline/contracts/member-admin';
import type { ActorContext } from '../../authz/actor-context.ts';
import { labelPolicy } from './labels.policy.ts';
import type { LabelRow } from './labels.queries.ts';

/** One label as the label calls answer it: the columns the contract lists and whether the actor may give it. */
export function presentLabel(ctx: ActorContext, row: LabelRow): MemberLabel {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    isDefault: row.isDefault,
    assignable: labelPolicy.assign(ctx, row),
  };
}

/** One label of the management list, with how many members hold it. */
export function presentManagedLabel(
  ctx: ActorContext,
  row: LabelRow & { memberCount: number },
): ManagedLabel {
  return { ...presentLabel(ctx, row), memberCount: row.memberCount };
}
