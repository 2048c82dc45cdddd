import type { MemberRequirement } from '@touchline/contracts/member-requirements';

/** Where the member's requirement calls live (spec §7 "Requirements"). */
export const requirementApi = '/api/app/requirement';

/** Query key root of everything this feature reads: every action invalidates it, so each change shows at once. */
export const requirementsKey = ['requirements'] as const;

/** What a call needs to name one member requirement: the definition (`{id}`) and the member's access (plaId). */
export type RequirementRef = Pick<MemberRequirement, 'definitionId' | 'profileLevelAccessId'>;

/** `/api/app/requirement/{definitionId}/{action}?plaId=…[&extra]`, as the completion contract words the calls. */
export function requirementActionPath(
  ref: RequirementRef,
  action: string,
  extra: Record<string, string> = {},
): string {
  const query = new URLSearchParams({
    ...(ref.profileLevelAccessId ? { plaId: ref.profileLevelAccessId } : {}),
    ...extra,
  });
  const search = query.toString();
  return `${requirementApi}/${encodeURIComponent(ref.definitionId)}/${action}${search ? `?${search}` : ''}`;
}
