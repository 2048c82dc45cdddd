import { EligibilityFlags } from './eligibility-flags.tsx';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Link } from 'react-router';
import type { DashboardMember, DashboardRequirement } from '@touchline/contracts/dashboard';
import { MemberAction } from '@touchline/contracts/member-admin';
import { activeStatusLabels, ActiveStatus } from '@touchline/contracts/members';
import { closeModalLabel } from '@touchline/contracts/messages';
import { Button } from '../../../components/ui/button.tsx';
import { SharedCredentialStaffNote } from './shared-credential-staff-note.tsx';
import { StaffMoveForm } from './staff-move-form.tsx';
import { OverallStatusBadge, RequirementStatusBadge } from './status-badge.tsx';

/**
 * The member drawer: a side panel (an accessible modal dialog) with the member's details, each active requirement
 * with its status, and the actions the server allows on them.
 */
export function MemberDrawer({
  member,
  requirements,
  busy,
  onClose,
  onSetStatus,
  onResend,
}: {
  member: DashboardMember | null;
  requirements: readonly DashboardRequirement[];
  busy: boolean;
  onClose: () => void;
  onSetStatus: (member: DashboardMember, status: 0 | 1) => void;
  onResend: (member: DashboardMember) => void;
}) {
  const names = new Map(requirements.map((r) => [r.id, r.name]));
  const can = (action: MemberAction) => member?.allowedActions.includes(action) ?? false;
  return (
    <ModalOverlay
      isOpen={member !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      isDismissable
      className="fixed inset-0 z-50 flex justify-end bg-slate-950/50"
    >
      <Modal className="h-full w-full max-w-md overflow-y-auto bg-white text-slate-900 shadow-2xl dark:bg-slate-900 dark:text-slate-100">
        <Dialog className="p-6 outline-none">
          {member ? (
            <>
              <div className="flex items-start justify-between gap-4">
                <Heading slot="title" className="text-xl font-semibold">
                  {member.firstName} {member.lastName}
                </Heading>
                <button
                  type="button"
                  aria-label={closeModalLabel}
                  onClick={onClose}
                  className="rounded-md p-1 hover:bg-slate-100 dark:hover:bg-slate-800"
                >
                  <span aria-hidden="true">✕</span>
                </button>
              </div>
              <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
                <dt className="font-medium">E-mail</dt>
                <dd>{member.email ?? '—'}</dd>
                <dt className="font-medium">Level</dt>
                <dd>
                  {member.levelName}
                  <EligibilityFlags flags={member.eligibilityFlags} />
                </dd>
                <dt className="font-medium">Role</dt>
                <dd>{member.roleLabel}</dd>
                <dt className="font-medium">Status</dt>
                <dd>
                  <OverallStatusBadge status={member.overallStatus} />
                  {member.notClearedReasons.map((reason) => (
                    <p key={reason} className="mt-1 text-sm font-medium text-red-800 dark:text-red-300">
                      Not cleared: {reason}
                    </p>
                  ))}
                </dd>
                <dt className="font-medium">Group membership</dt>
                <dd>
                  {member.groupMembershipStatus === ActiveStatus.Inactive
                    ? activeStatusLabels.Inactive
                    : activeStatusLabels.Active}
                </dd>
              </dl>
              <p className="mt-4">
                {/* The member's conditions and open incidents (counts to who may not read them; ADR 040). */}
                <Link
                  to={`/incidents/members/${encodeURIComponent(member.profileId)}`}
                  className="font-medium text-emerald-800 underline underline-offset-2 dark:text-emerald-300"
                >
                  Conditions and open incidents
                </Link>
              </p>
              <h3 className="mt-6 font-semibold">Requirements</h3>
              {member.requirements.length === 0 ? (
                <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
                  No requirements apply to this member.
                </p>
              ) : (
                <ul className="mt-2 divide-y divide-slate-100 dark:divide-slate-800">
                  {member.requirements.map((r) => (
                    <li key={r.memberRequirementId} className="space-y-2 py-2 text-sm">
                      <div className="flex items-center justify-between gap-3">
                        <span>{names.get(r.definitionId) ?? 'Requirement'}</span>
                        <RequirementStatusBadge status={r.status} />
                      </div>
                      {r.sharedCredential ? (
                        <SharedCredentialStaffNote shared={r.sharedCredential} />
                      ) : (
                        <StaffMoveForm
                          name={names.get(r.definitionId) ?? 'Requirement'}
                          definitionId={r.definitionId}
                          plaId={member.profileLevelAccessId}
                          allowed={r.allowedActions}
                        />
                      )}
                    </li>
                  ))}
                </ul>
              )}
              <div className="mt-6 flex flex-wrap gap-3">
                {can(MemberAction.SetGroupMembershipStatus) ? (
                  <Button
                    variant="secondary"
                    disabled={busy}
                    label={
                      member.groupMembershipStatus === ActiveStatus.Inactive ? 'Set Active' : 'Set Inactive'
                    }
                    onClick={() =>
                      onSetStatus(
                        member,
                        member.groupMembershipStatus === ActiveStatus.Inactive
                          ? ActiveStatus.Active
                          : ActiveStatus.Inactive,
                      )
                    }
                  />
                ) : null}
                {can(MemberAction.ResendInvitation) ? (
                  <Button
                    variant="secondary"
                    disabled={busy}
                    label="Resend invitation"
                    onClick={() => onResend(member)}
                  />
                ) : null}
              </div>
            </>
          ) : null}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
