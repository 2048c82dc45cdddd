import { useState } from 'react';
import { Link } from 'react-router';
import type { ContentListItem } from '@touchline/contracts/content';
import { isRequirementTypeAvailable } from '@touchline/contracts/requirement-types';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useOrderContent } from '../api/order-content.ts';
import { assignmentText, typeDisplay } from './content-format.ts';
import { ContentTypeIcon } from './content-type-icon.tsx';

type Props = {
  items: ContentListItem[];
  canManage: boolean;
  onAssign: (item: ContentListItem) => void;
  onDelete: (item: ContentListItem) => void;
};

/**
 * The library in its order: type icon and label, name, how often it is assigned, and the actions. Admins at the top
 * reorder by dragging a row or with its Move up / Move down buttons (the keyboard way).
 */
export function ContentList({ items, canManage, onAssign, onDelete }: Props) {
  const order = useOrderContent();
  const [dragged, setDragged] = useState<string | null>(null);
  const [optimistic, setOptimistic] = useState<string[] | null>(null);
  const ids = optimistic ?? items.map((i) => i.id);
  const shown = ids.flatMap((id) => items.filter((i) => i.id === id));
  const reorder = (next: string[]) => {
    setOptimistic(next);
    order.mutate(next, { onSettled: () => setOptimistic(null) });
  };
  const move = (index: number, to: number) => {
    const next = [...ids];
    const [id] = next.splice(index, 1);
    if (id === undefined) return;
    next.splice(to, 0, id);
    reorder(next);
  };
  return (
    <>
      <Alert>{order.isError ? `The order was not saved: ${order.error.message}` : null}</Alert>
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
        {shown.map((item, index) => {
          const type = typeDisplay(item.type);
          const soon = !isRequirementTypeAvailable(item.type);
          const soonId = `coming-soon-${item.id}`;
          return (
            <li
              key={item.id}
              draggable={canManage}
              onDragStart={() => setDragged(item.id)}
              onDragOver={(e) => e.preventDefault()}
              onDrop={() => {
                if (dragged && dragged !== item.id) move(ids.indexOf(dragged), index);
                setDragged(null);
              }}
              className="flex flex-wrap items-center gap-3 p-4"
            >
              <ContentTypeIcon type={item.type} />
              <div className="min-w-0 flex-1">
                <p className="font-medium">{item.name}</p>
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  {type.label}
                  {item.isOptional ? ' · Optional' : ''} · {assignmentText(item.assignmentCount)}
                </p>
                {soon ? (
                  <p id={soonId} className="text-sm font-medium text-amber-800 dark:text-amber-300">
                    Coming soon: members cannot complete this type yet, so it cannot be assigned.
                  </p>
                ) : null}
              </div>
              <div className="flex flex-wrap gap-2">
                {canManage ? (
                  <>
                    <Button
                      label="Move up"
                      aria-label={`Move up: ${item.name}`}
                      variant="tertiary"
                      disabled={index === 0 || order.isPending}
                      onClick={() => move(index, index - 1)}
                    />
                    <Button
                      label="Move down"
                      aria-label={`Move down: ${item.name}`}
                      variant="tertiary"
                      disabled={index === shown.length - 1 || order.isPending}
                      onClick={() => move(index, index + 1)}
                    />
                    <Link
                      to={`/content/${item.id}`}
                      aria-label={`Edit ${item.name}`}
                      className="rounded-md px-3 py-2 text-sm font-medium text-emerald-800 underline dark:text-emerald-300"
                    >
                      Edit
                    </Link>
                  </>
                ) : null}
                <Button
                  label="Assign"
                  aria-label={`Assign ${item.name}`}
                  aria-describedby={soon ? soonId : undefined}
                  variant="secondary"
                  disabled={soon}
                  onClick={() => onAssign(item)}
                />
                {canManage ? (
                  <Button
                    label="Delete"
                    aria-label={`Delete ${item.name}`}
                    variant="quaternary"
                    onClick={() => onDelete(item)}
                  />
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}
