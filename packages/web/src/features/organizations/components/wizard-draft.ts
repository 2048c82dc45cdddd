import { z } from 'zod';
import { defaultPlan } from '@touchline/contracts/plans';
import { createPersistedStore, type PersistedStore } from '../../../lib/persisted-state.ts';

/** The wizard's steps in order (spec §2: plan, organization details, role requirements). */
export const wizardSteps = ['Plan', 'Organization details', 'Role requirements'] as const;

const roleDraftSchema = z.object({
  key: z.string(),
  roleLabel: z.string(),
  requirementsDueDate: z.string(),
  isDefault: z.boolean(),
  roleRequirementsIds: z.array(z.string()),
  paidRoleRequirementsIds: z.array(z.string()),
});
/** One role as the wizard edits it; `key` only keeps React's list stable. */
export type RoleDraft = z.infer<typeof roleDraftSchema>;

/**
 * The create-organization draft of spec §3 as typed so far, plus the step the user is on: text as entered, so a
 * half-filled draft survives a reload. The contract's schema checks it on the way out.
 */
const wizardDraftSchema = z.object({
  step: z
    .number()
    .int()
    .min(0)
    .max(wizardSteps.length - 1),
  general: z.object({
    name: z.string(),
    website: z.string(),
    phone: z.string(),
    countryCode: z.string(),
    stateCode: z.string(),
    cityName: z.string(),
  }),
  admin: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }),
  plan: z.object({ productName: z.string(), monthUnitAmount: z.number(), yearUnitAmount: z.number() }),
  billingEmail: z.string(),
  roleRequirements: z.array(roleDraftSchema),
});
/** The wizard's draft. */
export type WizardDraft = z.infer<typeof wizardDraftSchema>;

/** A new role row: no requirements yet (the content library does not exist yet). */
export function newRole(roleLabel = '', isDefault = false): RoleDraft {
  return {
    key: crypto.randomUUID(),
    roleLabel,
    requirementsDueDate: '',
    isDefault,
    roleRequirementsIds: [],
    paidRoleRequirementsIds: [],
  };
}

/** A fresh draft: Basic plan, the United States, the signed-in user as administrator, three common roles. */
export function emptyDraft(admin: WizardDraft['admin']): WizardDraft {
  return {
    step: 0,
    general: { name: '', website: '', phone: '', countryCode: 'US', stateCode: '', cityName: '' },
    admin,
    plan: { ...defaultPlan },
    billingEmail: '',
    roleRequirements: [newRole('Coach'), newRole('Volunteer'), newRole('Player', true)],
  };
}

/** The draft of one user, kept in this browser until the organization is created. */
export function wizardDraftStore(userId: string, admin: WizardDraft['admin']): PersistedStore<WizardDraft> {
  return createPersistedStore({
    key: `touchline:create-organization-draft:${userId}`,
    initial: emptyDraft(admin),
    schema: wizardDraftSchema,
  });
}

/** The request body the draft stands for (POST /api/app/organization), before the contract checks it. */
export function draftToBody(draft: WizardDraft) {
  return {
    general: draft.general,
    admin: draft.admin,
    plan: draft.plan,
    paySubscriptionOrganization: draft.billingEmail.trim() ? { billingEmail: draft.billingEmail } : null,
    roleRequirements: draft.roleRequirements.map((role) => ({
      roleLabel: role.roleLabel,
      roleRequirementsIds: role.roleRequirementsIds,
      paidRoleRequirementsIds: role.paidRoleRequirementsIds,
      requirementsDueDate: role.requirementsDueDate || null,
      isDefault: role.isDefault,
    })),
  };
}

/** Which step a field of the body is edited on, so an error sends the user back there. */
export function stepOfField(field: string): number {
  if (field.startsWith('plan') || field.startsWith('paySubscriptionOrganization')) return 0;
  if (field.startsWith('general') || field.startsWith('admin')) return 1;
  return 2;
}

/** The form field name the wizard uses for a body field (the billing e-mail sits outside its object). */
export function formFieldOf(field: string): string {
  return field === 'paySubscriptionOrganization.billingEmail' ? 'billingEmail' : field;
}
