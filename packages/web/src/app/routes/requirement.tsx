import { useParams } from 'react-router';
import { MemberPaymentPanel } from '../../features/billing/components/member-payment-panel.tsx';
import { StaffMoveForm } from '../../features/dashboard/components/staff-move-form.tsx';
import { RequirementPage } from '../../features/requirements/components/requirement-page.tsx';

/**
 * /requirements/:definitionId with the staff moves (mark complete with a date and a note, reopen; ADR 025) for a
 * member whose role allows them on this requirement — the same form as the dashboard's member drawer.
 */
export function RequirementRoute() {
  const { definitionId = '' } = useParams();
  return (
    <RequirementPage
      definitionId={definitionId}
      payment={(item) =>
        item.profileLevelAccessId ? (
          <MemberPaymentPanel plaId={item.profileLevelAccessId} onlyDefinitionId={item.definitionId} />
        ) : null
      }
      staffMoves={(item, onDone) => (
        <StaffMoveForm
          name={item.name}
          definitionId={item.definitionId}
          plaId={item.profileLevelAccessId ?? ''}
          allowed={item.allowedActions.filter(
            (a): a is 'markComplete' | 'markIncomplete' => a === 'markComplete' || a === 'markIncomplete',
          )}
          onDone={onDone}
        />
      )}
    />
  );
}
