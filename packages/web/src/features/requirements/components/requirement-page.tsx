import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { textLinkClass } from '../../../components/ui/form-card.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import type { MemberRequirement } from '@touchline/contracts/member-requirements';
import { requirementTypeByNo } from '@touchline/contracts/requirement-types';
import { useMyRequirements } from '../api/get-my-requirements.ts';
import { nextActionText } from './next-action.ts';
import { RequirementContent } from './requirement-content.tsx';
import { ReturnedNotes } from './returned-notes.tsx';
import { MetByShareSection, SharedCredentialNote } from './shared-credential-note.tsx';
import { StatusAnnouncer } from './status-announcer.tsx';
import { formatDueDate } from './urgency.ts';

/** Staff moves are offered when the answer allows one, never on a requirement a shared credential meets (ADR 049). */
const hasStaffMove = (item: MemberRequirement) =>
  !item.sharedCredential &&
  (item.allowedActions.includes('markComplete') || item.allowedActions.includes('markIncomplete'));

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <Link to="/requirements" className={textLinkClass}>
        <span aria-hidden="true">← </span>My requirements
      </Link>
      {children}
    </div>
  );
}

/**
 * /requirements/:definitionId: one requirement, where the member completes it by its type. `staffMoves` renders the
 * staff's own moves (mark complete, reopen; ADR 025) when the answer allows them — composed by the app's route, since
 * the form belongs to the dashboard.
 */
export function RequirementPage({
  definitionId,
  staffMoves,
  payment,
}: {
  definitionId: string;
  /** What the member owes for this requirement and paying for it (composed in app/ from billing). */
  payment?: (item: MemberRequirement) => ReactNode;
  staffMoves?: (item: MemberRequirement, onDone: () => void) => ReactNode;
}) {
  const requirements = useMyRequirements();
  const item = requirements.data?.items.find((i) => i.definitionId === definitionId);
  useDocumentTitle(item?.name ?? 'Requirement');

  if (requirements.isPending)
    return (
      <Frame>
        <Spinner label="Loading the requirement…" />
      </Frame>
    );
  if (requirements.isError)
    return (
      <Frame>
        <Alert>{`The requirement could not be loaded: ${requirements.error.message}`}</Alert>
        <Button label="Try again" variant="secondary" onClick={() => void requirements.refetch()} />
      </Frame>
    );
  if (!item)
    return (
      <Frame>
        <h1 className="text-3xl font-bold tracking-tight">Requirement not found</h1>
        <p className="text-slate-700 dark:text-slate-300">
          This requirement is not one of yours right now. It may have been removed from your role.
        </p>
      </Frame>
    );

  const type = requirementTypeByNo(item.type);
  return (
    <Frame>
      <header className="space-y-3">
        <h1 className="text-3xl font-bold tracking-tight break-words">{item.name}</h1>
        <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700 dark:text-slate-300">
          <StatusAnnouncer status={item.status} />
          <span>{type?.label ?? 'Requirement'}</span>
          <span>{item.dueDate ? `Due ${formatDueDate(item.dueDate)}` : 'No due date'}</span>
          {item.expiresAt ? <span>Valid until {formatDueDate(item.expiresAt)}</span> : null}
          {item.isOptional ? <span>Optional</span> : null}
        </div>
        <ReturnedNotes item={item} />
        <SharedCredentialNote item={item} />
        <p className="font-medium">
          Next: <span>{nextActionText(item)}</span>
        </p>
        {item.instructions ? (
          <p className="whitespace-pre-wrap text-slate-700 dark:text-slate-300">{item.instructions}</p>
        ) : null}
      </header>
      {payment ? payment(item) : null}
      {item.sharedCredential ? (
        // Met by a credential shared from another organization (ADR 049): no way to redo it is offered here.
        <MetByShareSection item={item} />
      ) : (
        <section
          aria-label={`Complete ${item.name}`}
          className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-800 dark:bg-slate-900"
        >
          <RequirementContent item={item} />
        </section>
      )}
      {staffMoves && item.profileLevelAccessId && hasStaffMove(item) ? (
        <section
          aria-label="Staff actions"
          className="space-y-2 rounded-xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-800 dark:bg-slate-900"
        >
          <h2 className="text-lg font-semibold">Staff actions</h2>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Your role lets you complete or reopen this requirement by hand; the change and its note are kept
            in its history.
          </p>
          {staffMoves(item, () => void requirements.refetch())}
        </section>
      ) : null}
    </Frame>
  );
}

/** The route element of /requirements/:definitionId. */
export function RequirementRoute() {
  const { definitionId = '' } = useParams();
  return <RequirementPage definitionId={definitionId} />;
}
