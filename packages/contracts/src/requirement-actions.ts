import { RequirementType, type RequirementTypeName } from './requirement-types.ts';

/** Every permissioned action on a requirement named in spec §6; policies and responses speak these names. */
export const RequirementAction = {
  Begin: 'begin',
  Upload: 'upload',
  Complete: 'complete',
  View: 'view',
  Download: 'download',
  Delete: 'delete',
  Review: 'review',
  ViewCompletion: 'viewCompletion',
  MarkComplete: 'markComplete',
  MarkIncomplete: 'markIncomplete',
  OpenLink: 'openLink',
  DownloadContent: 'downloadContent',
  Watch: 'watch',
  Accept: 'accept',
  SetBirthDate: 'setBirthDate',
  ViewLicenses: 'viewLicenses',
  SetUsSoccerId: 'setUsSoccerId',
  Run: 'run',
  Submit: 'submit',
} as const;
/** One requirement action name. */
export type RequirementAction = (typeof RequirementAction)[keyof typeof RequirementAction];

/** The actions spec §6 lists for requirements in general ("varying by type": which apply where is not shown). */
export const commonRequirementActions = [
  'begin',
  'upload',
  'complete',
  'view',
  'download',
  'delete',
  'review',
  'viewCompletion',
  'markComplete',
  'markIncomplete',
] as const satisfies readonly RequirementAction[];

/** Actions spec §6 adds for single types on top of the common set. */
export const requirementTypeExtraActions = {
  Document: ['openLink'],
  Form: ['downloadContent'],
  Video: ['watch'],
  SexOffenderSearch: ['setBirthDate'],
  USSoccer: ['viewLicenses', 'setUsSoccerId'],
  BackgroundCheck: ['run'],
  LiveScan: ['submit'],
} as const satisfies Partial<Record<RequirementTypeName, readonly RequirementAction[]>>;

/** Waiver is the one type the spec gives its own set rather than additions ("Waiver has accept, view, download"). */
export const waiverActions = ['accept', 'view', 'download'] as const satisfies readonly RequirementAction[];

function actionsFor(name: RequirementTypeName): readonly RequirementAction[] {
  if (name === 'Waiver') return waiverActions;
  const extra: readonly RequirementAction[] =
    name in requirementTypeExtraActions
      ? requirementTypeExtraActions[name as keyof typeof requirementTypeExtraActions]
      : [];
  return [...commonRequirementActions, ...extra];
}

/**
 * The action names that can exist per requirement type (keyed by type number), so a policy table and the
 * allowed-actions list of a response are checked against one list; which role may do which is not shown.
 */
export const requirementTypeActions: Readonly<Record<RequirementType, readonly RequirementAction[]>> =
  Object.fromEntries(
    (Object.keys(RequirementType) as RequirementTypeName[]).map((name) => [
      RequirementType[name],
      actionsFor(name),
    ]),
  ) as Record<RequirementType, readonly RequirementAction[]>;

/** Whether an action name exists for a requirement type, for guarding policy lookups. */
export function requirementTypeHasAction(type: RequirementType, action: RequirementAction): boolean {
  return requirementTypeActions[type].includes(action);
}
