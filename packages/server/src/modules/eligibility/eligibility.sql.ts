import { sql, type SQL } from 'drizzle-orm';
import { ReviewOutcome } from '@touchline/contracts/reviews';
import { VerificationStatus } from '@touchline/contracts/verification';

/** One access with the bounds that apply to it and its member's verified date of birth and grade. */
export type EligibilityRow = {
  access_id: string;
  level_id: string;
  level_name: string;
  age_group_label: string | null;
  born_in_or_after_year: number | null;
  min_grade: number | null;
  max_grade: number | null;
  verified_date_of_birth: string | null;
  verified_grade: number | null;
};

/** A uuid list parameter as one array value. */
const uuidArray = (values: readonly string[]) => sql`${`{${values.join(',')}}`}::uuid[]`;

/**
 * One set-based statement for many accesses (a dashboard page, a member's accesses): each live access among `ids`,
 * the eligibility of its level or of the nearest level above it that has one (the materialized path names them),
 * and its member's verified date of birth and grade — from their latest, not superseded, verification that a
 * machine cleared or a reviewer approved (ADR 039). Only what was verified counts: a stated date alone never flags.
 */
export function eligibilityStatement(organizationId: string, ids: readonly string[]): SQL {
  return sql`with acc as (
      select pla.id, pla.profile_id, pla.hierarchy_level_id, pla.level_path from profile_level_accesses pla
      where pla.organization_id = ${organizationId} and pla.deleted_at is null and pla.id = any(${uuidArray(ids)})),
    bounds as (
      select distinct on (acc.id) acc.id as access_id, le.age_group_label, le.born_in_or_after_year,
          le.min_grade, le.max_grade
        from acc
        join level_eligibility le on le.organization_id = ${organizationId}
          and position('/' || le.hierarchy_level_id::text || '/' in acc.level_path) > 0
        join hierarchy_levels bl on bl.id = le.hierarchy_level_id and bl.organization_id = ${organizationId}
        order by acc.id, bl.depth desc),
    cleared as (
      select v.profile_id, v.stated_date_of_birth, v.stated_grade, v.created_at from verifications v
        join member_requirements mr on mr.id = v.member_requirement_id and mr.organization_id = ${organizationId}
        where v.organization_id = ${organizationId} and v.profile_id in (select profile_id from acc)
          and v.superseded_at is null and mr.active and mr.completed_at is not null and not mr.pending_review
          and (v.status = ${VerificationStatus.ClearedVerification}
            or (v.status = ${VerificationStatus.PendingReview} and mr.review_outcome = ${ReviewOutcome.Approved}))),
    dob as (
      select distinct on (profile_id) profile_id, stated_date_of_birth from cleared
        where stated_date_of_birth is not null order by profile_id, created_at desc),
    grade as (
      select distinct on (profile_id) profile_id, stated_grade from cleared
        where stated_grade is not null order by profile_id, created_at desc)
    select acc.id as access_id, acc.hierarchy_level_id as level_id, lv.name as level_name, b.age_group_label,
        b.born_in_or_after_year, b.min_grade, b.max_grade, dob.stated_date_of_birth::text as verified_date_of_birth,
        grade.stated_grade as verified_grade
      from acc
      join hierarchy_levels lv on lv.id = acc.hierarchy_level_id and lv.organization_id = ${organizationId}
      left join bounds b on b.access_id = acc.id
      left join dob on dob.profile_id = acc.profile_id
      left join grade on grade.profile_id = acc.profile_id`;
}
