import { useState } from 'react';
import type { MemberLabel } from '@touchline/contracts/member-admin';
import { ActiveStatus } from '@touchline/contracts/members';
import { Button } from '../../../components/ui/button.tsx';

/** What the bulk bar asks the page to do with the selected members. */
export type BulkRequest =
  | { kind: 'status'; status: 0 | 1 }
  | { kind: 'resend' }
  | { kind: 'role'; labelId: string }
  | { kind: 'remind' };

/**
 * The bulk actions on the selected members: send a reminder, group membership status, resend invitation, change
 * role.
 */
export function BulkActionsBar({
  count,
  labels,
  busy,
  onAction,
  onClear,
}: {
  count: number;
  labels: readonly MemberLabel[];
  busy: boolean;
  onAction: (request: BulkRequest) => void;
  onClear: () => void;
}) {
  const assignable = labels.filter((l) => l.assignable);
  const [labelId, setLabelId] = useState('');
  return (
    <div
      role="group"
      aria-label="Selected members"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-3 dark:border-emerald-800 dark:bg-emerald-950"
    >
      <span className="text-sm font-medium">{count} selected</span>
      <Button
        variant="secondary"
        label="Send reminder…"
        disabled={busy}
        onClick={() => onAction({ kind: 'remind' })}
      />
      <Button
        variant="secondary"
        label="Set Active"
        disabled={busy}
        onClick={() => onAction({ kind: 'status', status: ActiveStatus.Active })}
      />
      <Button
        variant="secondary"
        label="Set Inactive"
        disabled={busy}
        onClick={() => onAction({ kind: 'status', status: ActiveStatus.Inactive })}
      />
      <Button
        variant="secondary"
        label="Resend invitation"
        disabled={busy}
        onClick={() => onAction({ kind: 'resend' })}
      />
      <label className="flex items-center gap-2 text-sm">
        <span>New role</span>
        <select
          value={labelId}
          onChange={(e) => setLabelId(e.target.value)}
          className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-600 dark:bg-slate-900"
        >
          <option value="">Choose…</option>
          {assignable.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </select>
      </label>
      <Button
        variant="secondary"
        label="Change role"
        disabled={busy || !labelId}
        onClick={() => onAction({ kind: 'role', labelId })}
      />
      <Button variant="transparent" label="Clear selection" onClick={onClear} />
    </div>
  );
}
