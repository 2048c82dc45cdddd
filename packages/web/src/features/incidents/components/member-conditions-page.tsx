import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import {
  ConditionKind,
  ConditionLiftedBy,
  ConditionVisibility,
  type Condition,
  type SaveConditionBody,
} from '@touchline/contracts/conditions';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { clearancePath, useConditions, useConditionWrites } from '../api/conditions.ts';
import { openProtectedBlob } from '../api/incident-writes.ts';
import { useIncidents } from '../api/get-incidents.ts';
import { TextAreaField, cardClass, fieldErrorsOf, textLink, when } from './incident-form-parts.tsx';

const statusText: Record<Condition['status'], string> = {
  Active: 'In force',
  ClearanceSubmitted: 'Clearance handed in, waiting for review',
  Lifted: 'Lifted',
};

/** One condition: what it is, where it stands, and what the caller can do about it. */
function ConditionCard({
  profileId,
  condition: c,
  canManage,
}: {
  profileId: string;
  condition: Condition;
  canManage: boolean;
}) {
  const { update, submitClearance } = useConditionWrites(profileId);
  const [file, setFile] = useState<File | null>(null);
  const [openError, setOpenError] = useState<string | null>(null);
  const errors = fieldErrorsOf(update.error);
  const decide = (lift: boolean) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const note = String(new FormData(event.currentTarget).get('note') ?? '').trim();
    update.mutate(
      lift ? { conditionId: c.id, lift: true, note } : { conditionId: c.id, rejectClearance: true, note },
    );
  };
  const [decision, setDecision] = useState<'lift' | 'return'>('lift');
  return (
    <li className={`${cardClass} space-y-2`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold">{c.title}</h2>
        <span className={`text-sm font-medium ${c.standing ? 'text-red-800 dark:text-red-300' : ''}`}>
          {statusText[c.status]}
        </span>
      </div>
      {c.details ? <p className="text-sm whitespace-pre-wrap">{c.details}</p> : null}
      <p className="text-xs text-slate-700 dark:text-slate-300">
        Set {when(c.setAt)}
        {c.setBy ? ` by ${c.setBy.name}` : ''}
        {c.until ? ` · until ${c.until}` : ' · until lifted'} ·{' '}
        {c.restrictsPlay ? 'restricts play' : 'information'} · seen by{' '}
        {c.visibility === 'Coaches' ? 'reviewers and coaches' : 'reviewers'}
      </p>
      {c.lifted ? (
        <p className="text-sm">
          Lifted {when(c.lifted.at)} by {c.lifted.byName}: “{c.lifted.note}”
        </p>
      ) : null}
      {c.clearance ? (
        <p className="text-sm">
          Clearance: {c.clearance.fileName}, handed in {when(c.clearance.submittedAt)}{' '}
          <Button
            variant="tertiary"
            label="Open the clearance"
            onClick={() =>
              openProtectedBlob(clearancePath(profileId, c.id)).catch((e: Error) => setOpenError(e.message))
            }
          />
        </p>
      ) : null}
      <Alert>{openError}</Alert>
      {c.liftedBy === 'Document' && c.status !== 'Lifted' ? (
        <form
          noValidate
          className="space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            const form = e.currentTarget;
            // Once handed in, the form is empty again: the file is on the condition, not waiting to be sent twice.
            if (file)
              submitClearance.mutate(
                { conditionId: c.id, file },
                {
                  onSuccess: () => {
                    setFile(null);
                    form.reset();
                  },
                },
              );
          }}
        >
          <label className="block text-sm font-medium">
            Written return-to-play clearance from a licensed health-care provider (PDF, PNG or JPEG)
            <input
              type="file"
              accept=".pdf,.png,.jpg,.jpeg"
              className="mt-1 block w-full text-sm"
              onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
            />
          </label>
          <Alert>{submitClearance.error ? `Not handed in: ${submitClearance.error.message}` : null}</Alert>
          <Button
            type="submit"
            variant="secondary"
            label={
              submitClearance.isPending
                ? 'Uploading…'
                : c.clearance
                  ? 'Hand in a new clearance'
                  : 'Hand in the clearance'
            }
            disabled={!file || submitClearance.isPending}
          />
        </form>
      ) : null}
      {canManage &&
      c.status !== 'Lifted' &&
      (c.liftedBy === 'Decision' || c.status === 'ClearanceSubmitted') ? (
        <form
          noValidate
          onSubmit={decide(decision === 'lift')}
          className="space-y-2 border-t border-slate-200 pt-2 dark:border-slate-700"
        >
          {c.status === 'ClearanceSubmitted' ? (
            <SelectField
              name="decision"
              label="Decision"
              options={[
                { value: 'lift', label: 'Clearance accepted: lift the condition' },
                { value: 'return', label: 'Return the clearance to the member' },
              ]}
              value={decision}
              onValueChange={(v) => setDecision(v as 'lift' | 'return')}
            />
          ) : null}
          <TextAreaField
            name="note"
            label="Why (kept with the decision)"
            required
            error={errors.note}
            rows={2}
          />
          <Alert>{update.error && Object.keys(errors).length === 0 ? update.error.message : null}</Alert>
          <Button
            type="submit"
            label={
              update.isPending
                ? 'Saving…'
                : decision === 'lift'
                  ? 'Lift the condition'
                  : 'Return the clearance'
            }
            disabled={update.isPending}
          />
        </form>
      ) : null}
    </li>
  );
}

/** A reviewer sets a condition of their own (a restriction, a medical note). */
function AddCondition({ profileId }: { profileId: string }) {
  const { save } = useConditionWrites(profileId);
  const errors = fieldErrorsOf(save.error);
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (n: string) => String(form.get(n) ?? '').trim();
    const body: SaveConditionBody = {
      kind: text('kind') as SaveConditionBody['kind'],
      title: text('title'),
      details: text('details') || null,
      restrictsPlay: form.get('restrictsPlay') === 'on',
      visibility: text('visibility') as SaveConditionBody['visibility'],
      liftedBy: text('liftedBy') as SaveConditionBody['liftedBy'],
      until: text('until') || null,
    };
    save.mutate(body, { onSuccess: () => event.currentTarget?.reset() });
  };
  return (
    <section aria-labelledby="add-condition" className={`${cardClass} space-y-3`}>
      <h2 id="add-condition" className="text-lg font-semibold">
        Set a condition
      </h2>
      <form onSubmit={handleSubmit} noValidate className="space-y-3">
        <SelectField
          name="kind"
          label="Kind"
          options={[
            { value: ConditionKind.Restriction, label: 'Restriction' },
            { value: ConditionKind.RemovedFromPlay, label: 'Removed from play' },
            { value: ConditionKind.MedicalInfo, label: 'Medical information on file' },
          ]}
        />
        <TextField name="title" label="Title" required error={errors.title} />
        <TextAreaField name="details" label="Details" error={errors.details} rows={2} />
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="checkbox" name="restrictsPlay" /> Restricts play (the member is not cleared while it
          stands)
        </label>
        <SelectField
          name="visibility"
          label="Who sees it"
          options={[
            { value: ConditionVisibility.Reviewers, label: 'Reviewers only' },
            { value: ConditionVisibility.Coaches, label: 'Reviewers and the member’s coaches' },
          ]}
        />
        <SelectField
          name="liftedBy"
          label="What lifts it"
          options={[
            { value: ConditionLiftedBy.Decision, label: 'A decision with a note' },
            { value: ConditionLiftedBy.Document, label: 'A document (e.g. written clearance), reviewed' },
          ]}
        />
        <TextField name="until" type="date" label="Until (leave empty: until lifted)" error={errors.until} />
        <Alert>{save.error && Object.keys(errors).length === 0 ? save.error.message : null}</Alert>
        <Button
          type="submit"
          label={save.isPending ? 'Saving…' : 'Set the condition'}
          disabled={save.isPending}
        />
      </form>
    </section>
  );
}

/** /incidents/members/{profileId}: a member's conditions, why they are not cleared, clearances and decisions. */
export function MemberConditionsPage() {
  const { profileId = '' } = useParams();
  const list = useConditions(profileId);
  const incidents = useIncidents({ profileId });
  const open = (incidents.data?.items ?? []).filter((i) => i.status !== 'Closed');
  useDocumentTitle('Conditions');
  if (list.isPending) return <Spinner label="Loading conditions…" />;
  if (list.isError) return <Alert>{`Conditions could not be loaded: ${list.error.message}`}</Alert>;
  const { memberName, items, notClearedReason, canManage } = list.data;
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <p>
        <Link to="/incidents" className={textLink}>
          Incidents
        </Link>
      </p>
      <h1 className="text-2xl font-bold">Conditions and return to play</h1>
      <p className="text-lg font-medium">{memberName}</p>
      {incidents.data?.openCount != null ? (
        <p role="status">
          Open incidents involving {memberName}: {incidents.data.openCount}
          {open.length > 0 ? ' — ' : ''}
          {open.map((i, n) => (
            <span key={i.id}>
              {n > 0 ? ', ' : ''}
              <Link className={textLink} to={`/incidents/${i.id}`}>
                {i.typeName}
              </Link>
            </span>
          ))}
        </p>
      ) : null}
      {notClearedReason ? (
        <Alert>{notClearedReason}</Alert>
      ) : (
        <Alert tone="success">No condition restricts play.</Alert>
      )}
      {items.length === 0 ? <p>No conditions on file.</p> : null}
      <ul className="space-y-3">
        {items.map((c) => (
          <ConditionCard key={c.id} profileId={profileId} condition={c} canManage={canManage} />
        ))}
      </ul>
      {canManage ? <AddCondition profileId={profileId} /> : null}
    </div>
  );
}
