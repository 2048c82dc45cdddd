import { useEffect, useRef, useState } from 'react';
import { requirementStatusLabel, type RequirementStatus } from '@touchline/contracts/requirement-status';
import { StatusBadge } from './status-badge.tsx';

/** The status badge of the open requirement; a change of status is announced to screen readers. */
export function StatusAnnouncer({ status }: { status: RequirementStatus }) {
  const previous = useRef(status);
  const [message, setMessage] = useState('');
  useEffect(() => {
    if (previous.current === status) return;
    previous.current = status;
    setMessage(`Status changed to ${requirementStatusLabel(status)}`);
  }, [status]);
  return (
    <>
      <StatusBadge status={status} />
      <span role="status" className="sr-only">
        {message}
      </span>
    </>
  );
}
