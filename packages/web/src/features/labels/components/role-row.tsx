import type { ManagedLabel } from '@touchline/contracts/labels';
import { RenameRoleForm, RoleChangeForm } from './role-edit-forms.tsx';
import { memberCountText, organizationRoleText, rowButtonClass } from './role-format.ts';

/** Which inline editor a row has open. */
export type RoleEditor = 'rename' | 'role';

/** The ids of a row's buttons, so the list can put focus back on one after the page changes. */
export const roleButtonId = (action: 'rename' | 'role' | 'up' | 'down', labelId: string) =>
  `role-${action}-${labelId}`;

/**
 * One role: its name, the Default badge, the organization role it gives and how many hold it, with its actions.
 * The default role stays first (it is what new members get), so it is not moved and the others never pass it.
 */
export function RoleRow({
  label,
  editor,
  canMoveUp,
  canMoveDown,
  busy,
  onEdit,
  onEditDone,
  onMakeDefault,
  onDelete,
  onMove,
}: {
  label: ManagedLabel;
  editor: RoleEditor | null;
  canMoveUp: boolean;
  canMoveDown: boolean;
  busy: boolean;
  onEdit: (editor: RoleEditor | null) => void;
  onEditDone: (message: string) => void;
  onMakeDefault: () => void;
  onDelete: () => void;
  onMove: (by: -1 | 1) => void;
}) {
  return (
    <li className="px-4 py-3">
      <div className="flex flex-wrap items-center gap-3">
        <div className="min-w-0 flex-1">
          <p className="flex items-center gap-2 font-semibold">
            <span>{label.name}</span>
            {label.isDefault ? (
              <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100">
                Default
              </span>
            ) : null}
          </p>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {`${organizationRoleText(label.role)} · ${memberCountText(label.memberCount)}`}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button
            id={roleButtonId('rename', label.id)}
            type="button"
            className={rowButtonClass}
            aria-label={`Rename ${label.name}`}
            aria-expanded={editor === 'rename'}
            onClick={() => onEdit(editor === 'rename' ? null : 'rename')}
          >
            Rename
          </button>
          <button
            id={roleButtonId('role', label.id)}
            type="button"
            className={rowButtonClass}
            aria-label={`Change the organization role of ${label.name}`}
            aria-expanded={editor === 'role'}
            onClick={() => onEdit(editor === 'role' ? null : 'role')}
          >
            Organization role
          </button>
          {!label.isDefault && label.role === null ? (
            <button
              type="button"
              className={rowButtonClass}
              aria-label={`Set as default: ${label.name}`}
              disabled={busy}
              onClick={onMakeDefault}
            >
              Set as default
            </button>
          ) : null}
          {!label.isDefault ? (
            <button
              type="button"
              className={rowButtonClass}
              aria-label={`Delete ${label.name}`}
              onClick={onDelete}
            >
              Delete
            </button>
          ) : null}
          <button
            id={roleButtonId('up', label.id)}
            type="button"
            className={rowButtonClass}
            aria-label={`Move up: ${label.name}`}
            disabled={!canMoveUp || busy}
            onClick={() => onMove(-1)}
          >
            Move up
          </button>
          <button
            id={roleButtonId('down', label.id)}
            type="button"
            className={rowButtonClass}
            aria-label={`Move down: ${label.name}`}
            disabled={!canMoveDown || busy}
            onClick={() => onMove(1)}
          >
            Move down
          </button>
        </div>
      </div>
      {editor === 'rename' ? (
        <RenameRoleForm label={label} onDone={onEditDone} onCancel={() => onEdit(null)} />
      ) : null}
      {editor === 'role' ? (
        <RoleChangeForm label={label} onDone={onEditDone} onCancel={() => onEdit(null)} />
      ) : null}
    </li>
  );
}
