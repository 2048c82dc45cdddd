import { useId, useState, type ChangeEvent } from 'react';
import {
  OrganizationFilePurpose,
  organizationPhotoRules,
  type OrganizationListItem,
} from '@touchline/contracts/organizations';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { fieldErrorsFromApi } from '../../../lib/forms.ts';
import { useDeleteOrganizationFile } from '../api/delete-organization-file.ts';
import { useOrganizationFile } from '../api/get-organization-file.ts';
import { useUploadOrganizationFile } from '../api/upload-organization-file.ts';
import { useCurrentOrganization } from '../hooks/use-current-organization.ts';
import { useMayManageOrganization } from '../hooks/use-may-manage-organization.ts';
import { OrganizationLogo } from './organization-logo.tsx';

const photo = OrganizationFilePurpose.Photo;
const maxMegabytes = organizationPhotoRules.maxBytes / (1024 * 1024);
const acceptedTypes: readonly string[] = organizationPhotoRules.contentTypes;

/** /organization/settings: the current organization's settings; for now its logo (upload, replace, remove). */
export function OrganizationSettingsPage() {
  useDocumentTitle('Organization settings');
  const organizations = useCurrentOrganization();
  let body;
  if (organizations.isPending) body = <Spinner label="Loading your organization…" />;
  else if (organizations.isError)
    body = (
      <div className="space-y-3">
        <Alert>{`Your organizations could not be loaded: ${organizations.error.message}`}</Alert>
        <Button label="Try again" variant="secondary" onClick={() => void organizations.refetch()} />
      </div>
    );
  else if (!organizations.current)
    body = (
      <div className="space-y-3">
        <p>No organization is selected. Choose one from the menu at the top, or create one.</p>
        <Button label="Create organization" href="/organizations/new" />
      </div>
    );
  else body = <LogoSection organization={organizations.current} />;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">Organization settings</h1>
      {organizations.current ? <p className="text-lg">{organizations.current.name}</p> : null}
      {body}
    </div>
  );
}

function LogoSection({ organization }: { organization: OrganizationListItem }) {
  const file = useOrganizationFile(organization.id, photo);
  const upload = useUploadOrganizationFile();
  const remove = useDeleteOrganizationFile();
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const inputId = useId();
  const mayManage = useMayManageOrganization();

  const handleChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    setNotice(null);
    if (!chosen) return;
    if (!acceptedTypes.includes(chosen.type)) return setProblem('Upload a PNG, JPEG, WebP or GIF image');
    if (chosen.size > organizationPhotoRules.maxBytes)
      return setProblem(`The file is larger than ${maxMegabytes} MB`);
    setProblem(null);
    upload.mutate(
      { organizationId: organization.id, purpose: photo, file: chosen },
      {
        onSuccess: () => setNotice('The logo is saved.'),
        onError: (error) => setProblem(fieldErrorsFromApi(error).file ?? error.message),
      },
    );
  };
  const handleRemove = () =>
    remove.mutate(
      { organizationId: organization.id, purpose: photo },
      {
        onSuccess: () => {
          setConfirming(false);
          setNotice('The logo is removed.');
        },
        onError: (error) => {
          setConfirming(false);
          setProblem(error.message);
        },
      },
    );

  const stored = file.data;
  return (
    <section
      aria-labelledby={`${inputId}-heading`}
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id={`${inputId}-heading`} className="text-xl font-semibold">
        Logo
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Shown in the header for everyone in the organization.
      </p>
      {file.isPending ? <Spinner label="Loading the logo…" /> : null}
      {file.isError ? (
        <div className="space-y-3">
          <Alert>{`The logo could not be loaded: ${file.error.message}`}</Alert>
          <Button label="Try again" variant="secondary" onClick={() => void file.refetch()} />
        </div>
      ) : null}
      {file.isSuccess ? (
        <div className="flex items-center gap-4">
          <OrganizationLogo
            organizationId={organization.id}
            initials={organization.initials}
            hasFile={Boolean(stored)}
            size="lg"
          />
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {stored
              ? `${stored.originalName} · ${Math.max(1, Math.round(stored.byteSize / 1024))} KB`
              : 'No logo yet: members see the organization’s initials instead.'}
          </p>
        </div>
      ) : null}
      <Alert>{problem}</Alert>
      <Alert tone="success">{notice}</Alert>
      {mayManage === false ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Only administrators of the whole organization change its logo.
        </p>
      ) : null}
      {mayManage ? (
        <div className="flex flex-wrap items-end gap-4">
          <div>
            <label htmlFor={inputId} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
              {stored ? 'Replace the logo' : 'Upload a logo'}
            </label>
            <p id={`${inputId}-hint`} className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">
              {`PNG, JPEG, WebP or GIF, up to ${maxMegabytes} MB.`}
            </p>
            <input
              id={inputId}
              type="file"
              accept={acceptedTypes.join(',')}
              aria-describedby={`${inputId}-hint`}
              disabled={upload.isPending}
              onChange={handleChoose}
              className="mt-1 block text-sm file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:font-semibold file:text-slate-900 dark:file:bg-slate-800 dark:file:text-slate-100"
            />
          </div>
          {upload.isPending ? <Spinner label="Uploading…" /> : null}
          {stored ? (
            <Button label="Remove the logo" variant="secondary" onClick={() => setConfirming(true)} />
          ) : null}
        </div>
      ) : null}
      <Modal
        isOpen={confirming}
        onClose={() => setConfirming(false)}
        title="Remove the logo?"
        role="alertdialog"
        footer={
          <>
            <Button label="Cancel" variant="secondary" onClick={() => setConfirming(false)} />
            <Button
              label={remove.isPending ? 'Removing…' : 'Remove'}
              disabled={remove.isPending}
              onClick={handleRemove}
            />
          </>
        }
      >
        <p>{`Members will see ${organization.name}’s initials instead. You can upload a logo again whenever you like.`}</p>
      </Modal>
    </section>
  );
}
