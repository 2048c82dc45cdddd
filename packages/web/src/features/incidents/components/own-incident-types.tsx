import { useState } from 'react';
import type { OwnIncidentType } from '@touchline/contracts/incident-settings';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useIncidentSettingsWrites, useOwnIncidentTypes } from '../api/incident-settings.ts';
import { cardClass } from './incident-form-parts.tsx';

/**
 * The organization's own incident types on the settings screen (ADR 040): each can be archived (after a
 * confirmation: it is no longer offered for new reports, incidents already reported keep it) and restored. Nothing
 * is deleted. One column with full-width buttons, for a phone.
 */
export function OwnIncidentTypes() {
  const types = useOwnIncidentTypes();
  const { archiveType } = useIncidentSettingsWrites();
  const [confirming, setConfirming] = useState<OwnIncidentType | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const change = (type: OwnIncidentType, archived: boolean) => {
    setDone(null);
    archiveType.mutate(
      { id: type.id, archived },
      {
        onSuccess: () => {
          setConfirming(null);
          setDone(archived ? `Archived “${type.name}”.` : `Restored “${type.name}”.`);
        },
      },
    );
  };
  const close = () => {
    archiveType.reset();
    setConfirming(null);
  };
  return (
    <section aria-labelledby="own-types-heading" className={`${cardClass} space-y-4`}>
      <h2 id="own-types-heading" className="text-lg font-semibold">
        Your incident types
      </h2>
      {types.isPending ? <Spinner label="Loading your types…" /> : null}
      {types.isError ? <Alert>Your incident types could not be loaded.</Alert> : null}
      {types.data?.length === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          None yet: reports offer the built-in types. Add one below.
        </p>
      ) : null}
      <ul className="space-y-3">
        {types.data?.map((type) => (
          <li
            key={type.id}
            className="space-y-2 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
          >
            <p className="font-semibold">
              {type.name}
              {type.archived ? (
                <span className="ml-2 rounded bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-800 dark:bg-slate-700 dark:text-slate-100">
                  Archived
                </span>
              ) : null}
            </p>
            <p className="text-sm text-slate-700 dark:text-slate-300">{type.description}</p>
            {type.archived ? (
              <Button
                label={`Restore ${type.name}`}
                variant="secondary"
                className="w-full"
                disabled={archiveType.isPending}
                onClick={() => change(type, false)}
              />
            ) : (
              <Button
                label={`Archive ${type.name}`}
                variant="tertiary"
                className="w-full"
                onClick={() => {
                  archiveType.reset();
                  setConfirming(type);
                }}
              />
            )}
          </li>
        ))}
      </ul>
      {confirming ? null : <Alert>{archiveType.isError ? archiveType.error.message : null}</Alert>}
      <Alert tone="success">{done}</Alert>
      <Modal
        isOpen={confirming !== null}
        onClose={close}
        title={`Archive ${confirming?.name ?? 'this type'}?`}
        role="alertdialog"
      >
        <div className="space-y-4 text-sm text-slate-700 dark:text-slate-300">
          <p>
            New reports will no longer offer it. Incidents already reported as “{confirming?.name}” keep it,
            and you can restore it here at any time.
          </p>
          <Alert>{archiveType.isError ? archiveType.error.message : null}</Alert>
        </div>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button label="Cancel" variant="tertiary" onClick={close} />
          <Button
            label={archiveType.isPending ? 'Archiving…' : 'Archive the type'}
            variant="quaternary"
            disabled={archiveType.isPending}
            onClick={() => (confirming ? change(confirming, true) : undefined)}
          />
        </div>
      </Modal>
    </section>
  );
}
