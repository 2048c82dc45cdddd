import { useId, useState } from 'react';
import type { PartnerProgram } from '@touchline/contracts/partners';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useMapProgram, useMappingTargets, usePartnerPrograms } from '../api/partners.ts';

export const inputClass =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900';
export const labelClass = 'block text-sm font-medium';

/** A partner role as people read it: COACH → Coach, TEAM_MANAGER → Team manager. */
export const partnerRoleName = (role: string) =>
  role.charAt(0) + role.slice(1).toLowerCase().replace(/_/g, ' ');

type Choice = { levelId: string; labelId: string; roleLabels: Record<string, string> };

/** Where each role of a mapped program lands, in words (the preview of who lands where). */
function landing(p: PartnerProgram) {
  if (!p.mapping) return `Not mapped: its ${p.registrations} registrations wait`;
  const own = p.roles
    .filter((r) => r.labelName)
    .map((r) => `${partnerRoleName(r.role)} registrations as ${r.labelName}`);
  return `Lands at ${p.mapping.levelName} as ${p.mapping.labelName}${own.length > 0 ? `; ${own.join(', ')}` : ''}`;
}

/**
 * A connection's programs, each mapped once to a level and a role label, and each partner registration role
 * (PLAYER, COACH…) to its own label when not the program's (issue 31): used by the sync for what arrives next.
 */
export function ProgramMappings({
  organizationId,
  connectionId,
}: {
  organizationId: string | null;
  connectionId: string;
}) {
  const programs = usePartnerPrograms(organizationId, connectionId);
  const targets = useMappingTargets(organizationId, true);
  const map = useMapProgram(organizationId, connectionId);
  const [choice, setChoice] = useState<Record<string, Choice>>({});
  const id = useId();
  if (programs.isPending || targets.isPending) return <Spinner label="Loading programs…" />;
  if (programs.data?.length === 0)
    return (
      <p className="text-sm">No registrations have arrived yet: programs appear after the first sync.</p>
    );
  return (
    <div className="space-y-3">
      <Alert>{programs.error?.message ?? targets.error?.message ?? map.error?.message ?? null}</Alert>
      {map.isSuccess && map.data ? (
        <Alert tone="success">{`${map.data.name} is mapped. What arrives next lands there.`}</Alert>
      ) : null}
      {programs.data?.map((p) => {
        const current = choice[p.programId] ?? {
          levelId: p.mapping?.hierarchyLevelId ?? targets.data?.levels[0]?.id ?? '',
          labelId: p.mapping?.labelId ?? targets.data?.labels[0]?.id ?? '',
          roleLabels: Object.fromEntries(p.roles.map((r) => [r.role, r.labelId ?? ''])),
        };
        const set = (next: Partial<Choice>) =>
          setChoice({ ...choice, [p.programId]: { ...current, ...next } });
        const programLabel = targets.data?.labels.find((l) => l.id === current.labelId)?.name ?? 'its role';
        return (
          <fieldset
            key={p.programId}
            className="space-y-2 rounded-md border border-slate-200 p-3 dark:border-slate-800"
          >
            <legend className="text-sm font-medium">
              {p.name} ({p.registrations} registered)
            </legend>
            <p className="text-sm">{landing(p)}</p>
            <label htmlFor={`${id}-${p.programId}-level`} className={labelClass}>
              Level for {p.name}
            </label>
            <select
              id={`${id}-${p.programId}-level`}
              className={inputClass}
              value={current.levelId}
              onChange={(e) => set({ levelId: e.currentTarget.value })}
            >
              {targets.data?.levels.map((l) => (
                <option key={l.id} value={l.id}>
                  {`${'— '.repeat(l.depth)}${l.name}`}
                </option>
              ))}
            </select>
            <label htmlFor={`${id}-${p.programId}-label`} className={labelClass}>
              Role for {p.name}
            </label>
            <select
              id={`${id}-${p.programId}-label`}
              className={inputClass}
              value={current.labelId}
              onChange={(e) => set({ labelId: e.currentTarget.value })}
            >
              {targets.data?.labels.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </select>
            {p.roles.length > 0 ? (
              <div className="space-y-2 border-l-2 border-slate-200 pl-3 dark:border-slate-700">
                <p className="text-sm">Each {p.name} registration role lands as:</p>
                {p.roles.map((r) => (
                  <div key={r.role}>
                    <label htmlFor={`${id}-${p.programId}-role-${r.role}`} className={labelClass}>
                      {`${partnerRoleName(r.role)} registrations (${r.registrations})`}
                    </label>
                    <select
                      id={`${id}-${p.programId}-role-${r.role}`}
                      className={inputClass}
                      value={current.roleLabels[r.role] ?? ''}
                      onChange={(e) =>
                        set({ roleLabels: { ...current.roleLabels, [r.role]: e.currentTarget.value } })
                      }
                    >
                      <option value="">{`The program’s role (${programLabel})`}</option>
                      {targets.data?.labels.map((l) => (
                        <option key={l.id} value={l.id}>
                          {l.name}
                        </option>
                      ))}
                    </select>
                  </div>
                ))}
              </div>
            ) : null}
            <Button
              label={`Map ${p.name}`}
              onClick={() =>
                map.mutate({
                  programId: p.programId,
                  body: {
                    hierarchyLevelId: current.levelId,
                    labelId: current.labelId,
                    roleLabels: Object.fromEntries(
                      Object.entries(current.roleLabels).map(([role, labelId]) => [role, labelId || null]),
                    ),
                  },
                })
              }
            />
          </fieldset>
        );
      })}
    </div>
  );
}
