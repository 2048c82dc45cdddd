import { Role, labelRoles, type LabelRole } from '@touchline/contracts/roles';

/** The choices of the organization role select, weakest first; '' is "none" (a plain member label). */
export const organizationRoleOptions = [
  { value: '', label: 'None (member only)' },
  ...[Role.Manager, Role.Director, Role.AccountManager, Role.Admin].map((role) => ({
    value: role,
    label: role,
  })),
] as const;

/** The select's value as the API takes it: a label role, or null for none. */
export function roleFromSelect(value: string | undefined): LabelRole | null {
  return labelRoles.find((role) => role === value) ?? null;
}

/** How a row describes the organization role a label carries. */
export function organizationRoleText(role: string | null): string {
  return role ? `Organization role: ${role}` : 'No organization role';
}

/** "1 member", "3 members". */
export function memberCountText(count: number): string {
  return count === 1 ? '1 member' : `${count} members`;
}

/** The small outlined button of the role rows. */
export const rowButtonClass =
  'rounded-md border border-slate-300 px-2 py-1 text-xs font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-600 disabled:cursor-not-allowed disabled:opacity-50 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800';
