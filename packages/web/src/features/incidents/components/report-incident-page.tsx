import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  InvolvedRole,
  mandatoryReportingDuty,
  type InvolvedPersonInput,
} from '@touchline/contracts/incidents';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useActiveProfile } from '../../../lib/active-profile.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useIncidentPeople } from '../api/get-incident.ts';
import { useIncidents } from '../api/get-incidents.ts';
import { useIncidentWrites } from '../api/incident-writes.ts';
import { TextAreaField, cardClass, fieldErrorsOf } from './incident-form-parts.tsx';

const roleOptions = Object.values(InvolvedRole).map((r) => ({ value: r, label: r }));
const localNow = () => {
  const d = new Date();
  d.setMinutes(d.getMinutes() - d.getTimezoneOffset());
  return d.toISOString().slice(0, 16);
};
type Row = { key: number; profileId: string; name: string; role: InvolvedPersonInput['role'] };

/**
 * /incidents/new: report an incident on a touchline, on a phone (ADR 040): the type with its description (the
 * mandatory-reporting duty for misconduct), when and where, who was involved (picked from the level's roster or
 * named), what happened and what was done, and photos or notes attached. Field errors sit on their fields.
 */
export function ReportIncidentPage() {
  useDocumentTitle('Report an incident');
  const navigate = useNavigate();
  const profile = useActiveProfile();
  const list = useIncidents();
  const { report, upload } = useIncidentWrites();
  const levels = [
    ...new Map((profile.data?.levelRoles ?? []).map((l) => [l.hierarchyLevelId, l.levelName])).entries(),
  ];
  const [levelId, setLevelId] = useState('');
  const chosenLevel = levelId || levels[0]?.[0] || '';
  const roster = useIncidentPeople(chosenLevel);
  const [type, setType] = useState('');
  const [rows, setRows] = useState<Row[]>([{ key: 0, profileId: '', name: '', role: 'Injured' }]);
  const [files, setFiles] = useState<File[]>([]);
  const errors = fieldErrorsOf(report.error);
  if (profile.isPending || list.isPending) return <Spinner label="Loading…" />;
  const types = list.data?.types ?? [];
  const chosenType = types.find((t) => t.code === (type || types[0]?.code));

  const setRow = (key: number, patch: Partial<Row>) =>
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const occurred = text('occurredAt');
    report.mutate(
      {
        type: chosenType?.code ?? '',
        occurredAt: occurred ? new Date(occurred).toISOString() : '',
        hierarchyLevelId: chosenLevel,
        venue: text('venue') || null,
        involved: rows.map((r) => ({
          profileId: r.profileId || null,
          name: r.profileId ? '' : r.name,
          role: r.role,
        })),
        whatHappened: text('whatHappened'),
        actionTaken: text('actionTaken') || null,
      },
      {
        onSuccess: async (incident) => {
          if (files.length > 0) await upload.mutateAsync({ id: incident.id, files }).catch(() => undefined);
          void navigate(`/incidents/${incident.id}`);
        },
      },
    );
  };

  return (
    <div className="mx-auto max-w-xl space-y-4">
      <h1 className="text-2xl font-bold">Report an incident</h1>
      <form onSubmit={handleSubmit} noValidate className="space-y-4">
        <SelectField
          name="type"
          label="Type of incident"
          required
          options={types.map((t) => ({ value: t.code, label: t.name }))}
          value={chosenType?.code ?? ''}
          onValueChange={setType}
          description={chosenType?.description}
          error={errors.type}
        />
        {chosenType?.mandatoryReporting ? (
          <Alert tone="info">
            <strong>Your duty to report.</strong> {mandatoryReportingDuty}
          </Alert>
        ) : null}
        {chosenType?.removesFromPlay ? (
          <Alert tone="info">
            The injured member is removed from play as soon as you send this report. They return only with a
            licensed health-care provider’s written clearance.
          </Alert>
        ) : null}
        <TextField
          name="occurredAt"
          type="datetime-local"
          label="When did it happen?"
          required
          defaultValue={localNow()}
          error={errors.occurredAt}
        />
        <SelectField
          name="hierarchyLevelId"
          label="Where (team or level)"
          required
          options={levels.map(([id, name]) => ({ value: id, label: name }))}
          value={chosenLevel}
          onValueChange={setLevelId}
          error={errors.hierarchyLevelId}
        />
        <TextField name="venue" label="Venue or field" error={errors.venue} />
        <fieldset className={`${cardClass} space-y-3`}>
          <legend className="px-1 font-semibold">Who was involved</legend>
          {errors.involved ? (
            <p className="text-sm font-medium text-red-700 dark:text-red-400">{errors.involved}</p>
          ) : null}
          {rows.map((row, i) => (
            <div
              key={row.key}
              className="space-y-2 border-b border-slate-200 pb-3 last:border-0 dark:border-slate-700"
            >
              <SelectField
                name={`involved-${i}-member`}
                label={`Person ${i + 1}: member`}
                options={[
                  { value: '', label: 'Someone not on the roster' },
                  ...(roster.data ?? []).map((p) => ({
                    value: p.profileId,
                    label: `${p.name} (${p.levelName})`,
                  })),
                ]}
                value={row.profileId}
                onValueChange={(v) => setRow(row.key, { profileId: v })}
                error={errors[`involved.${i}.profileId`]}
              />
              {row.profileId ? null : (
                <TextField
                  name={`involved-${i}-name`}
                  label={`Person ${i + 1}: name`}
                  value={row.name}
                  onValueChange={(v) => setRow(row.key, { name: v })}
                  error={errors[`involved.${i}.name`]}
                />
              )}
              <SelectField
                name={`involved-${i}-role`}
                label={`Person ${i + 1}: role in the incident`}
                options={roleOptions}
                value={row.role}
                onValueChange={(v) => setRow(row.key, { role: v as Row['role'] })}
              />
              {rows.length > 1 ? (
                <Button
                  variant="tertiary"
                  label="Remove this person"
                  onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}
                />
              ) : null}
            </div>
          ))}
          <Button
            variant="secondary"
            label="Add another person"
            onClick={() =>
              setRows((all) => [...all, { key: Date.now(), profileId: '', name: '', role: 'Witness' }])
            }
          />
        </fieldset>
        <TextAreaField
          name="whatHappened"
          label="What happened"
          required
          error={errors.whatHappened}
          rows={5}
        />
        <TextAreaField
          name="actionTaken"
          label="What was done"
          description="First aid given, who was called, whether they left the game."
          error={errors.actionTaken}
        />
        <label className="block text-sm font-medium">
          Photos or medical notes (PDF, PNG or JPEG)
          <input
            type="file"
            name="file"
            multiple
            accept=".pdf,.png,.jpg,.jpeg"
            onChange={(e) => setFiles(Array.from(e.currentTarget.files ?? []))}
            className="mt-1 block w-full text-sm"
          />
        </label>
        <Alert>{report.error ? `The report was not sent: ${report.error.message}` : null}</Alert>
        <Button
          type="submit"
          label={report.isPending ? 'Sending…' : 'Send the report'}
          disabled={report.isPending}
          className="w-full"
        />
      </form>
    </div>
  );
}
