import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorCode } from '@touchline/contracts/errors';
import type { ContentListItem } from '@touchline/contracts/content';
import { isRequirementTypeAvailable, requirementTypeTable } from '@touchline/contracts/requirement-types';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useActiveProfile } from '../../../lib/active-profile.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useContentList } from '../api/get-content-list.ts';
import { AssignDialog } from './assign-dialog.tsx';
import { builtTypes, cardClass, inputClass, labelClass, typeDisplay } from './content-format.ts';
import { ContentList } from './content-list.tsx';
import { DeleteContentDialog } from './delete-content-dialog.tsx';

const typeOptions = [
  ...builtTypes,
  ...requirementTypeTable.map((t) => t.no).filter((n) => !builtTypes.includes(n)),
];

function AddRequirement() {
  const navigate = useNavigate();
  const [type, setType] = useState(String(builtTypes[0]));
  return (
    <section aria-labelledby="add-content-heading" className={cardClass}>
      <h2 id="add-content-heading" className="text-xl font-semibold">
        Add a requirement
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-60 flex-1">
          <label htmlFor="add-content-type" className={labelClass}>
            Type
          </label>
          <select
            id="add-content-type"
            className={inputClass}
            value={type}
            onChange={(e) => setType(e.currentTarget.value)}
          >
            {typeOptions.map((no) => {
              const t = typeDisplay(no);
              const soon = !isRequirementTypeAvailable(no);
              return (
                <option key={no} value={no} disabled={soon}>
                  {soon ? `${t.label} (coming soon)` : t.label}
                </option>
              );
            })}
          </select>
        </div>
        <Button
          label="Continue"
          onClick={() => void navigate(`/content/new/${typeDisplay(Number(type)).slug}`)}
        />
      </div>
    </section>
  );
}

/**
 * /content: the organization's content library for its Admins: every requirement in order, adding one of any
 * type, editing, ordering, assigning to roles at levels and deleting.
 */
export function ContentPage() {
  useDocumentTitle('Content library');
  const profile = useActiveProfile();
  const organizationId = profile.data?.organizationId ?? '';
  const list = useContentList(organizationId);
  const [notice, setNotice] = useState<string | null>(null);
  const [assigning, setAssigning] = useState<ContentListItem | null>(null);
  const [deleting, setDeleting] = useState<ContentListItem | null>(null);
  const refused = list.error instanceof ApiError && list.error.code === ErrorCode.Forbidden;

  let body;
  if (profile.isPending || (organizationId !== '' && list.isPending))
    body = <Spinner label="Loading the content library…" />;
  else if (organizationId === '') body = <Alert tone="info">Select an organization first.</Alert>;
  else if (refused) body = <Alert tone="info">{list.error?.message}</Alert>;
  else if (list.isError)
    body = (
      <div className="space-y-3">
        <Alert>{`The content library could not be loaded: ${list.error.message}`}</Alert>
        <Button label="Try again" variant="secondary" onClick={() => void list.refetch()} />
      </div>
    );
  else if (list.data)
    body = (
      <>
        {list.data.canManage ? <AddRequirement /> : null}
        <section aria-labelledby="library-heading" className="space-y-3">
          <h2 id="library-heading" className="text-xl font-semibold">
            Requirements
          </h2>
          <Alert tone="success">{notice}</Alert>
          {list.data.items.length === 0 ? (
            <p className="text-slate-700 dark:text-slate-300">
              The library is empty: add the first requirement above.
            </p>
          ) : (
            <ContentList
              items={list.data.items}
              canManage={list.data.canManage}
              onAssign={setAssigning}
              onDelete={setDeleting}
            />
          )}
        </section>
      </>
    );

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">Content library</h1>
      <p className="text-slate-700 dark:text-slate-300">
        The requirements members complete: documents, forms, waivers, videos, trainings and screenings. Assign
        each to roles at a level; it applies to members with that role at the level and below.
      </p>
      {body}
      <AssignDialog
        definitionId={assigning?.id ?? null}
        name={assigning?.name ?? ''}
        levelId={profile.data?.hierarchyLevelId ?? ''}
        onClose={() => setAssigning(null)}
      />
      <DeleteContentDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(name) => {
          setDeleting(null);
          setNotice(`${name} is deleted.`);
        }}
      />
    </div>
  );
}
