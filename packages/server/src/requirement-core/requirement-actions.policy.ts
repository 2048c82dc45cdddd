import { requirementTypeHasAction, type RequirementAction } from '@touchline/contracts/requirement-actions';
import type { RequirementTransition } from '@touchline/contracts/requirement-transitions';
import { RequirementType } from '@touchline/contracts/requirement-types';
import type { ActorContext } from '../authz/actor-context.ts';
import { holdsAt } from '../authz/rules.ts';

/**
 * Who may take an action (ADR 014): `self` is the member themself (the actor's current profile) or their guardian
 * (the child profile's guardian is the actor's current profile); `manager` and `director` are manager-level or
 * director-level-or-higher at the member's level (the level of the plaId) or above it.
 */
export type ActionHolder = 'self' | 'manager' | 'director';

/** What the permission rules read about the member whose requirement is acted on. */
export type RequirementTarget = {
  profileId: string;
  guardianProfileId: string | null;
  levelPath: string;
  type: RequirementType;
};

type Row = Partial<Record<RequirementAction, readonly ActionHolder[]>>;

const selfOrManager = ['self', 'manager'] as const;

/** The five types a member completes in the product: member does, managers see and correct, directors delete. */
const memberCompleted: Row = {
  begin: ['self'],
  upload: ['self'],
  complete: ['self'],
  view: selfOrManager,
  download: selfOrManager,
  viewCompletion: selfOrManager,
  delete: ['self', 'director'],
  review: ['director'],
  markComplete: ['manager'],
  markIncomplete: ['manager'],
  openLink: selfOrManager,
  downloadContent: selfOrManager,
};

/** Vendor types: their member and provider steps (begin, upload, run, submit…) arrive with their flows. */
const vendorRun: Row = {
  view: selfOrManager,
  download: selfOrManager,
  viewCompletion: selfOrManager,
  review: ['director'],
  markComplete: ['manager'],
  markIncomplete: ['manager'],
  viewLicenses: selfOrManager,
};

/**
 * The permission matrix of spec §6 per requirement type (ADR 014). An action the spec does not list for a type
 * (requirement-actions.ts) is nobody's, whatever a row says; a Waiver has only accept, view and download, so a
 * signature can never be marked complete by someone else.
 */
export const requirementActionMatrix: Readonly<Record<RequirementType, Row>> = {
  [RequirementType.Document]: memberCompleted,
  [RequirementType.Form]: memberCompleted,
  [RequirementType.Waiver]: { accept: ['self'], view: selfOrManager, download: selfOrManager },
  [RequirementType.Video]: { ...memberCompleted, upload: [], download: [], delete: [], watch: ['self'] },
  [RequirementType.CustomTraining]: memberCompleted,
  // The member consents and orders (run); managers see the check and correct the status as for every vendor type.
  // A Generic vendor's report is uploaded (and removed while open) by the member or a director, then reviewed.
  [RequirementType.BackgroundCheck]: {
    ...vendorRun,
    run: ['self'],
    upload: ['self', 'director'],
    delete: ['self', 'director'],
  },
  [RequirementType.AbusePreventionTraining]: {
    ...vendorRun,
    begin: ['self'],
    upload: ['self'],
    delete: ['self', 'director'],
  },
  // The member begins the search (the vendor's hosted disclosure and authorization follow); the birth date it needs
  // is set by whoever may update the profile (set-date-of-birth: the member, a guardian, a manager). ADR 032.
  [RequirementType.SexOffenderSearch]: {
    begin: ['self'],
    setBirthDate: selfOrManager,
    view: selfOrManager,
    download: selfOrManager,
    viewCompletion: selfOrManager,
    review: ['director'],
    markComplete: ['manager'],
    markIncomplete: ['manager'],
  },
  // The member (or guardian) states a date of birth/grade and uploads a proof; a director reviews (ADR 039).
  [RequirementType.AgeVerification]: { ...vendorRun, upload: ['self'], begin: ['self'] },
  // The member (or guardian) consents, takes the face photo and goes through the vendor's flow (ADR 039).
  [RequirementType.IdentityVerification]: { ...vendorRun, begin: ['self'], upload: ['self'] },
  [RequirementType.LiveScan]: { ...vendorRun, submit: ['self'] },
  [RequirementType.USSoccer]: { ...vendorRun, setUsSoccerId: selfOrManager },
};

/** Who may take an action on a requirement of a type; empty when nobody may (yet). */
export function actionHolders(type: RequirementType, action: RequirementAction): readonly ActionHolder[] {
  if (!requirementTypeHasAction(type, action)) return [];
  return requirementActionMatrix[type][action] ?? [];
}

/** Whether the actor is the member themself or the member's guardian. */
export function actsForSelf(ctx: ActorContext, target: RequirementTarget): boolean {
  return target.profileId === ctx.profileId || target.guardianProfileId === ctx.profileId;
}

function holds(ctx: ActorContext, target: RequirementTarget, holder: ActionHolder): boolean {
  if (holder === 'self') return actsForSelf(ctx, target);
  const check = holder === 'manager' ? 'managerLevelOrHigher' : 'directorLevelOrHigher';
  return holdsAt(ctx, check, target.levelPath);
}

/** Whether the actor may take `action` on the target member's requirement (pure; services call authorize). */
export function mayTakeAction(
  ctx: ActorContext,
  target: RequirementTarget,
  action: RequirementAction,
): boolean {
  return actionHolders(target.type, action).some((holder) => holds(ctx, target, holder));
}

/**
 * The permission each state-machine move needs (the one the service loads the requirement with); null for the
 * system's own moves (expire, reassign), which nobody takes by hand. A member's "complete" is the type's own act.
 */
function actionOfTransition(
  type: RequirementType,
  transition: RequirementTransition,
): RequirementAction | null {
  switch (transition) {
    case 'complete':
      if (type === RequirementType.Waiver) return 'accept';
      if (type === RequirementType.Video) return 'watch';
      if (type === RequirementType.CustomTraining) return 'begin';
      return 'complete';
    case 'upload':
    case 'submitForReview':
      return type === RequirementType.LiveScan ? 'submit' : 'upload';
    case 'markComplete':
    case 'setCompletedDate':
      return 'markComplete';
    case 'markIncomplete':
      return 'markIncomplete';
    case 'reviewApprove':
    case 'reviewReset':
    case 'reviewDisqualify':
      return 'review';
    default:
      return null;
  }
}

/**
 * The moves the state machine allows that the actor may also take (issue 18 item 11): a response's allowedActions
 * list only what the server would accept from this actor, so the web never offers a button that ends in 403.
 */
export function permittedTransitions(
  ctx: ActorContext,
  target: RequirementTarget,
  transitions: readonly RequirementTransition[],
): RequirementTransition[] {
  return transitions.filter((transition) => {
    const action = actionOfTransition(target.type, transition);
    return action !== null && mayTakeAction(ctx, target, action);
  });
}
