import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { isShareableType } from '@touchline/contracts/credential-sharing';
import { requirementTypeBySlug } from '@touchline/contracts/requirement-types';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { textLinkClass } from '../../../components/ui/form-card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useActiveProfile } from '../../../lib/active-profile.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useDefinition } from '../api/get-definition.ts';
import { DefinitionForm } from './definition-form.tsx';

function Frame({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <Link to="/content" className={textLinkClass}>
        Content library
      </Link>
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      {children}
    </div>
  );
}

/** /content/new/:kind: a new requirement of the type in the URL. */
export function NewContentPage() {
  const { kind = '' } = useParams();
  const navigate = useNavigate();
  const profile = useActiveProfile();
  const type = requirementTypeBySlug(kind);
  if (!type)
    return <Frame title="New requirement">{<Alert>There is no requirement type “{kind}”.</Alert>}</Frame>;
  return (
    <Frame title={`New ${type.label.toLowerCase()} requirement`}>
      {profile.isPending ? (
        <Spinner label="Loading…" />
      ) : (
        <DefinitionForm
          key={kind}
          organizationId={profile.data?.organizationId ?? ''}
          type={type.no}
          onSaved={() => void navigate('/content')}
        />
      )}
    </Frame>
  );
}

/** /content/:definitionId: edits a requirement. */
export function EditContentPage() {
  const { definitionId = '' } = useParams();
  const navigate = useNavigate();
  const profile = useActiveProfile();
  const definition = useDefinition(definitionId);
  let body;
  if (definition.isPending || profile.isPending) body = <Spinner label="Loading the requirement…" />;
  else if (definition.isError)
    body = (
      <div className="space-y-3">
        <Alert>{`The requirement could not be loaded: ${definition.error.message}`}</Alert>
        <Button label="Try again" variant="secondary" onClick={() => void definition.refetch()} />
      </div>
    );
  else
    body = (
      <>
        {isShareableType(definition.data.type) ? (
          <Link
            to={`/content/${encodeURIComponent(definition.data.id)}/credential-acceptance`}
            className={`${textLinkClass} text-sm`}
          >
            Shared credentials: accept one from another organization
          </Link>
        ) : null}
        <DefinitionForm
          key={definition.data.id}
          organizationId={profile.data?.organizationId ?? ''}
          type={definition.data.type}
          definition={definition.data}
          onSaved={() => void navigate('/content')}
        />
      </>
    );
  return <Frame title={definition.data ? `Edit ${definition.data.name}` : 'Edit requirement'}>{body}</Frame>;
}
