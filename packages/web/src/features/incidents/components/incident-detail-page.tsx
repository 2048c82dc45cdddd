import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import {
  incidentStatusLabels,
  incidentTransitions,
  type Incident,
  type UpdateIncidentBody,
} from '@touchline/contracts/incidents';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useActiveProfile } from '../../../lib/active-profile.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useIncident } from '../api/get-incident.ts';
import { incidentApi } from '../api/incident-paths.ts';
import { openProtectedBlob, useIncidentWrites } from '../api/incident-writes.ts';
import {
  StatusBadge,
  TextAreaField,
  cardClass,
  fieldErrorsOf,
  textLink,
  when,
} from './incident-form-parts.tsx';

const toLocal = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  d.setMinutes(d.getMinutes() - d.getTimezoneOffset());
  return d.toISOString().slice(0, 16);
};
const isoOf = (local: string) => (local ? new Date(local).toISOString() : null);

/** The mandatory-reporting duty and when and to whom it was met, recorded by the reporter or a reviewer. */
function MandatoryReport({ incident }: { incident: Incident }) {
  const { update } = useIncidentWrites();
  const m = incident.mandatoryReport;
  if (!m) return null;
  const errors = fieldErrorsOf(update.error);
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (n: string) => String(form.get(n) ?? '').trim();
    update.mutate({
      id: incident.id,
      body: {
        authoritiesReportedAt: isoOf(text('authoritiesReportedAt')),
        authoritiesReportedTo: text('authoritiesReportedTo') || null,
        safeSportReportedAt: isoOf(text('safeSportReportedAt')),
        safeSportReference: text('safeSportReference') || null,
      },
    });
  };
  return (
    <section aria-labelledby="mandatory-report" className={`${cardClass} space-y-3`}>
      <h2 id="mandatory-report" className="text-lg font-semibold">
        Mandatory report (due {when(m.dueBy)})
      </h2>
      <Alert tone="info">{m.duty}</Alert>
      <form onSubmit={handleSubmit} noValidate className="space-y-3">
        <TextField
          name="authoritiesReportedAt"
          type="datetime-local"
          label="Reported to the authorities at"
          defaultValue={toLocal(m.authoritiesReportedAt)}
          error={errors.authoritiesReportedAt}
        />
        <TextField
          name="authoritiesReportedTo"
          label="Reported to (agency, case number)"
          defaultValue={m.authoritiesReportedTo ?? ''}
          error={errors.authoritiesReportedTo}
        />
        <TextField
          name="safeSportReportedAt"
          type="datetime-local"
          label="Reported to the U.S. Center for SafeSport at"
          defaultValue={toLocal(m.safeSportReportedAt)}
          error={errors.safeSportReportedAt}
        />
        <TextField
          name="safeSportReference"
          label="SafeSport reference"
          defaultValue={m.safeSportReference ?? ''}
          error={errors.safeSportReference}
        />
        <Alert>{update.error && Object.keys(errors).length === 0 ? update.error.message : null}</Alert>
        <Button
          type="submit"
          label={update.isPending ? 'Saving…' : 'Record the report'}
          disabled={update.isPending}
        />
      </form>
    </section>
  );
}

/** The reviewer's triage: move along the workflow, assign, note, what was done, archive. */
function Triage({ incident }: { incident: Incident }) {
  const { update } = useIncidentWrites();
  const profile = useActiveProfile();
  const [status, setStatus] = useState('');
  const errors = fieldErrorsOf(update.error);
  const moves = incidentTransitions[incident.status];
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const note = String(form.get('note') ?? '').trim();
    const actionTaken = String(form.get('actionTaken') ?? '').trim();
    const body: UpdateIncidentBody = {};
    if (status) body.status = status as UpdateIncidentBody['status'];
    if (note) body.note = note;
    if (actionTaken && actionTaken !== (incident.actionTaken ?? '')) body.actionTaken = actionTaken;
    if (form.get('assignMe') === 'on' && profile.data) body.assigneeProfileId = profile.data.profileId;
    update.mutate(
      { id: incident.id, body },
      {
        onSuccess: () => {
          setStatus('');
          event.currentTarget?.reset();
        },
      },
    );
  };
  return (
    <section aria-labelledby="triage" className={`${cardClass} space-y-3`}>
      <h2 id="triage" className="text-lg font-semibold">
        Triage
      </h2>
      <p className="text-sm">Assigned to: {incident.assignee?.name ?? 'nobody yet'}</p>
      <form onSubmit={handleSubmit} noValidate className="space-y-3">
        <SelectField
          name="status"
          label="Move to"
          options={[
            { value: '', label: `Keep: ${incidentStatusLabels[incident.status]}` },
            ...moves.map((s) => ({ value: s, label: incidentStatusLabels[s] })),
          ]}
          value={status}
          onValueChange={setStatus}
          error={errors.status}
        />
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="checkbox" name="assignMe" /> Assign to me
        </label>
        <TextAreaField
          name="actionTaken"
          label="Action taken"
          defaultValue={incident.actionTaken ?? ''}
          error={errors.actionTaken}
          rows={3}
        />
        <TextAreaField
          name="note"
          label="Add a note"
          description="Notes are kept in the history; nothing is rewritten."
          error={errors.note}
          rows={3}
        />
        <Alert>{update.error && Object.keys(errors).length === 0 ? update.error.message : null}</Alert>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" label={update.isPending ? 'Saving…' : 'Save'} disabled={update.isPending} />
          <Button
            variant="secondary"
            label={incident.archived ? 'Restore from archive' : 'Archive'}
            onClick={() => update.mutate({ id: incident.id, body: { archived: !incident.archived } })}
          />
        </div>
      </form>
    </section>
  );
}

/** /incidents/{id}: one incident — the report, its people and documents, the duty, triage and history (ADR 040). */
export function IncidentDetailPage() {
  const { incidentId = '' } = useParams();
  const incident = useIncident(incidentId);
  const { upload } = useIncidentWrites();
  const [openError, setOpenError] = useState<string | null>(null);
  useDocumentTitle(incident.data ? `Incident: ${incident.data.typeName}` : 'Incident');
  if (incident.isPending) return <Spinner label="Loading the incident…" />;
  if (incident.isError) return <Alert>{`The incident could not be loaded: ${incident.error.message}`}</Alert>;
  const i = incident.data;
  const manager = i.access === 'manager';
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <p>
        <Link to="/incidents" className={textLink}>
          All incidents
        </Link>
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">{i.typeName}</h1>
        <StatusBadge status={i.status} />
        {i.archived ? <span className="text-sm font-medium">Archived</span> : null}
      </div>
      <dl className={`${cardClass} grid gap-x-4 gap-y-2 sm:grid-cols-[10rem_1fr]`}>
        <dt className="font-medium">When</dt>
        <dd>{when(i.occurredAt)}</dd>
        <dt className="font-medium">Where</dt>
        <dd>{[i.levelName, i.venue].filter(Boolean).join(' · ')}</dd>
        <dt className="font-medium">Reported by</dt>
        <dd>
          {i.reportedBy.name}, {when(i.reportedAt)}
        </dd>
        <dt className="font-medium">Involved</dt>
        <dd>
          <ul>
            {i.involved.map((p, n) => (
              <li key={n}>
                {manager && p.profileId ? (
                  <Link className={textLink} to={`/incidents/members/${p.profileId}`}>
                    {p.name}
                  </Link>
                ) : (
                  p.name
                )}{' '}
                ({p.role})
              </li>
            ))}
          </ul>
        </dd>
        <dt className="font-medium">What happened</dt>
        <dd className="whitespace-pre-wrap">{i.whatHappened}</dd>
        <dt className="font-medium">What was done</dt>
        <dd className="whitespace-pre-wrap">{i.actionTaken ?? '—'}</dd>
      </dl>
      <MandatoryReport incident={i} />
      <section aria-labelledby="documents" className={`${cardClass} space-y-2`}>
        <h2 id="documents" className="text-lg font-semibold">
          Photos and documents
        </h2>
        {i.documents.length === 0 ? <p>None attached.</p> : null}
        <ul className="space-y-1">
          {i.documents.map((d) => (
            <li key={d.id}>
              <Button
                variant="tertiary"
                label={`Open ${d.fileName}`}
                onClick={() => {
                  setOpenError(null);
                  openProtectedBlob(`${incidentApi}/${i.id}/incident-document/${d.id}`).catch((e: Error) =>
                    setOpenError(e.message),
                  );
                }}
              />
            </li>
          ))}
        </ul>
        <Alert>{openError}</Alert>
        <label className="block text-sm font-medium">
          Attach more (PDF, PNG or JPEG)
          <input
            type="file"
            multiple
            accept=".pdf,.png,.jpg,.jpeg"
            className="mt-1 block w-full text-sm"
            onChange={(e) => {
              const files = Array.from(e.currentTarget.files ?? []);
              if (files.length > 0) upload.mutate({ id: i.id, files });
            }}
          />
        </label>
        <Alert>{upload.error ? `Not attached: ${upload.error.message}` : null}</Alert>
      </section>
      {manager ? <Triage incident={i} /> : null}
      {manager ? (
        <section aria-labelledby="history" className={`${cardClass} space-y-2`}>
          <h2 id="history" className="text-lg font-semibold">
            History
          </h2>
          <ol className="space-y-2">
            {i.history.map((h) => (
              <li key={h.id} className="text-sm">
                <span className="font-medium">{when(h.at)}</span> · {h.actorName} ·{' '}
                {h.action.replaceAll('_', ' ')}
                {Object.entries(h.changes).map(([field, c]) => (
                  <span key={field} className="block pl-3">
                    {field}: {String(c.from ?? '—')} →{' '}
                    {Array.isArray(c.to) ? c.to.join(', ') : String(c.to ?? '—')}
                  </span>
                ))}
                {h.note ? <span className="block pl-3 whitespace-pre-wrap">“{h.note}”</span> : null}
              </li>
            ))}
          </ol>
        </section>
      ) : (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          The league’s incident reviewers follow this report up; you see its state here.
        </p>
      )}
    </div>
  );
}
