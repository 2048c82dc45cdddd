/**
 * Values another system offers to prefill the account settings forms (issue 31: a league partner's prefill-data),
 * composed in app/ so this feature does not know where they come from. Only fields the member has left empty are
 * prefilled; each is marked as coming from `sourceName` and nothing is saved until the member saves the section.
 */
export type AccountPrefill = {
  sourceName: string;
  user: { firstName?: string; lastName?: string; dateOfBirth?: string };
  contact: { phone?: string; address?: string; city?: string; stateId?: string };
  /** An emergency contact the partner knows, offered only while the member has none (they add the relationship). */
  emergency?: { firstName?: string; lastName?: string; phone?: string };
};

/** The prefilled sections of the account settings page. */
export type PrefillSection = keyof Pick<AccountPrefill, 'user' | 'contact' | 'emergency'>;

/** The offered values for fields whose current value is empty (what the member typed is never replaced). */
export function offeredFor<K extends string>(
  offered: Partial<Record<K, string>>,
  current: Partial<Record<K, string | null | undefined>>,
): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const key of Object.keys(offered) as K[]) {
    const value = offered[key];
    if (value && !current[key]) out[key] = value;
  }
  return out;
}

/** The field description that marks a prefilled value. */
export const prefilledNote = (sourceName: string) =>
  `Prefilled from ${sourceName}: check it, then save to keep it.`;

/** A guardian's child whose details a section edits instead of the member's own (issue 31: /profile/children/{id}). */
export type ChildSubject = { profileId: string; firstName: string };
