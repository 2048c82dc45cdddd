import { useState } from 'react';
import type { ContentAssignment } from '@touchline/contracts/content';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useAssignContent } from '../api/assign-content.ts';
import { useAssignTargets } from '../api/get-assign-targets.ts';
import { useDefinition } from '../api/get-definition.ts';
import { inputClass, labelClass } from './content-format.ts';

type Pair = { hierarchyLevelId: string; labelId: string };
const keyOf = (p: Pair) => `${p.hierarchyLevelId}:${p.labelId}`;

function AssignForm({
  definitionId,
  levelId,
  current,
  onDone,
}: {
  definitionId: string;
  levelId: string;
  current: ContentAssignment[];
  onDone: () => void;
}) {
  const targets = useAssignTargets(levelId);
  const assign = useAssignContent();
  const [pairs, setPairs] = useState<Pair[]>(
    current.map(({ hierarchyLevelId, labelId }) => ({ hierarchyLevelId, labelId })),
  );
  const [level, setLevel] = useState(levelId);
  if (targets.isPending) return <Spinner label="Loading levels and roles…" />;
  if (targets.isError) return <Alert>{`The levels could not be loaded: ${targets.error.message}`}</Alert>;
  const levelName = (id: string) =>
    targets.data.levels.find((l) => l.id === id)?.name ??
    current.find((a) => a.hierarchyLevelId === id)?.hierarchyLevelName ??
    'Level';
  const labelName = (id: string) =>
    targets.data.labels.find((l) => l.id === id)?.name ??
    current.find((a) => a.labelId === id)?.labelName ??
    'Role';
  const has = (labelId: string) => pairs.some((p) => p.hierarchyLevelId === level && p.labelId === labelId);
  const toggle = (labelId: string, on: boolean) =>
    setPairs((ps) =>
      on
        ? [...ps, { hierarchyLevelId: level, labelId }]
        : ps.filter((p) => keyOf(p) !== keyOf({ hierarchyLevelId: level, labelId })),
    );
  return (
    <div className="space-y-4">
      <div>
        <label htmlFor="assign-level" className={labelClass}>
          Level
        </label>
        <select
          id="assign-level"
          className={inputClass}
          value={level}
          onChange={(e) => setLevel(e.currentTarget.value)}
        >
          {targets.data.levels.map((l) => (
            <option key={l.id} value={l.id}>
              {`${'\u00a0\u00a0'.repeat(l.indent)}${l.name}`}
            </option>
          ))}
        </select>
      </div>
      <fieldset>
        <legend className={labelClass}>Roles that must complete it at {levelName(level)} and below</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {targets.data.labels.map((l) => (
            <label key={l.id} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="h-4 w-4 accent-emerald-700"
                checked={has(l.id)}
                onChange={(e) => toggle(l.id, e.currentTarget.checked)}
              />
              {l.name}
            </label>
          ))}
        </div>
      </fieldset>
      <section aria-label="Assigned to">
        <h3 className="text-sm font-semibold">Assigned to</h3>
        {pairs.length === 0 ? (
          <p className="text-sm">Nobody yet.</p>
        ) : (
          <ul className="mt-1 space-y-1 text-sm">
            {pairs.map((p) => (
              <li key={keyOf(p)} className="flex items-center justify-between gap-2">
                <span>{`${labelName(p.labelId)} at ${levelName(p.hierarchyLevelId)}`}</span>
                <Button
                  label="Remove"
                  aria-label={`Remove ${labelName(p.labelId)} at ${levelName(p.hierarchyLevelId)}`}
                  variant="tertiary"
                  onClick={() => setPairs((ps) => ps.filter((q) => keyOf(q) !== keyOf(p)))}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
      <Alert>{assign.isError ? assign.error.message : null}</Alert>
      <div className="flex justify-end gap-3">
        <Button label="Cancel" variant="tertiary" onClick={onDone} />
        <Button
          label={assign.isPending ? 'Saving…' : 'Save assignments'}
          disabled={assign.isPending}
          onClick={() =>
            assign.mutate({ id: definitionId, body: { contentAssignments: pairs } }, { onSuccess: onDone })
          }
        />
      </div>
    </div>
  );
}

/**
 * Assigns a requirement to role labels at levels: pick a level (the tree, indented), tick the roles, and save the
 * whole set; what is assigned at a level applies to members below it.
 */
export function AssignDialog({
  definitionId,
  name,
  levelId,
  onClose,
}: {
  definitionId: string | null;
  name: string;
  levelId: string;
  onClose: () => void;
}) {
  return (
    <Modal isOpen={definitionId !== null} onClose={onClose} title={`Assign ${name}`}>
      {definitionId ? <AssignBody definitionId={definitionId} levelId={levelId} onDone={onClose} /> : null}
    </Modal>
  );
}

function AssignBody({
  definitionId,
  levelId,
  onDone,
}: {
  definitionId: string;
  levelId: string;
  onDone: () => void;
}) {
  const definition = useDefinition(definitionId);
  if (definition.isPending) return <Spinner label="Loading the assignments…" />;
  if (definition.isError) return <Alert>{definition.error.message}</Alert>;
  return (
    <AssignForm
      definitionId={definitionId}
      levelId={levelId}
      current={definition.data.assignments}
      onDone={onDone}
    />
  );
}
