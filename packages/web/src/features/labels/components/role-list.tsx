import { useEffect, useState } from 'react';
import type { ManagedLabel } from '@touchline/contracts/labels';
import { Alert } from '../../../components/ui/alert.tsx';
import { useOrderLabels } from '../api/order-labels.ts';
import { useUpdateLabel } from '../api/update-label.ts';
import { DeleteRoleDialog } from './delete-role-dialog.tsx';
import { RoleRow, roleButtonId, type RoleEditor } from './role-row.tsx';

/** The id of the list's heading, where focus goes once the row it was in is gone. */
export const rolesHeadingId = 'roles-list-heading';

/**
 * The organization's roles in their order, default first, each with its actions. One inline editor is open at a
 * time; after a change that re-renders the list, focus goes back to where the user was.
 */
export function RoleList({
  labels,
  onNotice,
}: {
  labels: ManagedLabel[];
  onNotice: (message: string | null) => void;
}) {
  const order = useOrderLabels();
  const makeDefault = useUpdateLabel();
  const [editing, setEditing] = useState<{ id: string; editor: RoleEditor } | null>(null);
  const [deleting, setDeleting] = useState<ManagedLabel | null>(null);
  const [refocus, setRefocus] = useState<{ id: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  // A moved, re-defaulted or deleted row changes the list under the focused button: put focus back on one.
  useEffect(() => {
    if (!refocus) return;
    const target = document.getElementById(refocus.id);
    if (target && !target.hasAttribute('disabled')) target.focus();
  }, [refocus, labels]);

  const firstMovable = labels[0]?.isDefault ? 1 : 0;
  const busy = order.isPending || makeDefault.isPending;

  const move = (index: number, by: -1 | 1) => {
    const ids = labels.map((l) => l.id);
    const [moved] = ids.splice(index, 1);
    if (!moved) return;
    ids.splice(index + by, 0, moved);
    setProblem(null);
    onNotice(null);
    setRefocus({ id: roleButtonId(by === -1 ? 'up' : 'down', moved) });
    order.mutate(ids, { onError: (error) => setProblem(error.message) });
  };

  const setDefault = (label: ManagedLabel) => {
    setProblem(null);
    onNotice(null);
    makeDefault.mutate(
      { id: label.id, isDefault: true },
      {
        onSuccess: () => {
          onNotice(`${label.name} is now the default role.`);
          setRefocus({ id: roleButtonId('rename', label.id) });
        },
        onError: (error) => setProblem(error.message),
      },
    );
  };

  const edit = (label: ManagedLabel, editor: RoleEditor | null) => {
    onNotice(null);
    if (editor) return setEditing({ id: label.id, editor });
    const from = editing?.id === label.id ? editing.editor : null;
    setEditing(null);
    if (from) setRefocus({ id: roleButtonId(from, label.id) });
  };

  return (
    <div>
      <Alert>{problem}</Alert>
      <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
        {labels.map((label, i) => (
          <RoleRow
            key={label.id}
            label={label}
            editor={editing?.id === label.id ? editing.editor : null}
            canMoveUp={!label.isDefault && i > firstMovable}
            canMoveDown={!label.isDefault && i < labels.length - 1}
            busy={busy}
            onEdit={(editor) => edit(label, editor)}
            onEditDone={(message) => {
              edit(label, null);
              onNotice(message);
            }}
            onMakeDefault={() => setDefault(label)}
            onDelete={() => setDeleting(label)}
            onMove={(by) => move(i, by)}
          />
        ))}
      </ul>
      <DeleteRoleDialog
        label={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(name) => {
          setDeleting(null);
          onNotice(`${name} is deleted.`);
          setRefocus({ id: rolesHeadingId });
        }}
      />
    </div>
  );
}
