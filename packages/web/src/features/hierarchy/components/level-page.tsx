import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { LevelNavigation } from '@touchline/contracts/hierarchy';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { textLinkClass } from '../../../components/ui/form-card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useActiveProfile } from '../../../lib/active-profile.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { setCurrentLevel } from '../../../lib/current-level.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useCreateLevel } from '../api/create-level.ts';
import { useLevelNavigation } from '../api/get-level-navigation.ts';
import { useRenameLevel } from '../api/rename-level.ts';
import { DeleteLevelDialog } from './delete-level-dialog.tsx';
import { LevelChildrenList } from './level-children-list.tsx';
import { levelMembersPath, levelDashboardPath, levelPath, membersLabel } from './level-format.ts';
import { LevelNameDialog } from './level-name-dialog.tsx';
import { MoveLevelDialog } from './move-level-dialog.tsx';

type Dialog = 'create' | 'rename' | 'move' | 'delete' | null;

/** /levels/:levelId: one level with its breadcrumb, the levels below it, and what the user may change. */
export function LevelPage({ levelId }: { levelId: string }) {
  const navigation = useLevelNavigation(levelId);
  useDocumentTitle(navigation.data?.level.name ?? 'Level');
  if (navigation.isPending) return <Spinner label="Loading the level" />;
  if (navigation.isError) {
    const status = navigation.error instanceof ApiError ? navigation.error.status : 0;
    if (status === 404 || status === 403) {
      return (
        <div className="mx-auto max-w-3xl">
          <h1 className="text-2xl font-bold tracking-tight">
            {status === 404 ? 'Level not found' : 'You cannot open this level'}
          </h1>
          <p className="mt-2 text-slate-700 dark:text-slate-300">{navigation.error.message}</p>
          <div className="mt-6">
            <Button href="/" label="Go to the home page" variant="secondary" />
          </div>
        </div>
      );
    }
    return (
      <div className="mx-auto max-w-3xl space-y-4">
        <Alert>Could not load this level. {navigation.error.message}</Alert>
        <Button label="Retry" onClick={() => void navigation.refetch()} />
      </div>
    );
  }
  return <LoadedLevel key={levelId} data={navigation.data} />;
}

function LoadedLevel({ data }: { data: LevelNavigation }) {
  const { level, ancestors, children, allowedActions, actorRole } = data;
  const profile = useActiveProfile();
  const profileId = profile.data?.profileId ?? null;
  const navigate = useNavigate();
  const create = useCreateLevel();
  const rename = useRenameLevel();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const close = () => setDialog(null);

  // The level on screen is the session's current level (spec §3), wherever the user came from.
  useEffect(() => {
    if (!profileId) return;
    setCurrentLevel(profileId, {
      currentLevelId: level.id,
      currentLevelName: level.name,
      currentLevelDepth: level.depth,
      currentLevelRole: actorRole,
    });
  }, [profileId, level.id, level.name, level.depth, actorRole]);

  const parent = ancestors.at(-1);
  return (
    <div className="mx-auto max-w-3xl">
      <nav aria-label="Breadcrumb">
        <ol className="flex flex-wrap items-center gap-1 text-sm text-slate-600 dark:text-slate-400">
          {ancestors.map((a) => (
            <li key={a.id} className="flex items-center gap-1">
              <Link to={levelPath(a.id)} className={textLinkClass}>
                {a.name}
              </Link>
              <span aria-hidden="true">›</span>
            </li>
          ))}
          <li>
            <span aria-current="page" className="font-medium text-slate-800 dark:text-slate-200">
              {level.name}
            </span>
          </li>
        </ol>
      </nav>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">{level.name}</h1>
      {level.memberCount === null ? null : (
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          {membersLabel(level.memberCount)} in this level and the levels below it.{' '}
          <Link to={levelMembersPath(level.id)} className={textLinkClass}>
            Members
          </Link>{' '}
          ·{' '}
          <Link to={levelDashboardPath(level.id)} className={textLinkClass}>
            Dashboard
          </Link>
        </p>
      )}
      <Alert tone="success" className="mt-4">
        {notice}
      </Alert>

      <div className="mt-6 flex flex-wrap gap-3">
        {allowedActions.createChild ? (
          <Button label="Add a level" onClick={() => setDialog('create')} />
        ) : null}
        {allowedActions.rename ? (
          <Button label="Rename" variant="secondary" onClick={() => setDialog('rename')} />
        ) : null}
        {allowedActions.rename ? (
          // Setting the age group and grade bounds needs admin at the level, as renaming does (ADR 039).
          <Button href={`/levels/${level.id}/eligibility`} label="Eligibility" variant="secondary" />
        ) : null}
        {allowedActions.move ? (
          <Button label="Move" variant="secondary" onClick={() => setDialog('move')} />
        ) : null}
        {allowedActions.delete ? (
          <Button label="Delete" variant="secondary" onClick={() => setDialog('delete')} />
        ) : null}
      </div>

      <section aria-labelledby="levels-below-heading" className="mt-8">
        <h2 id="levels-below-heading" className="text-lg font-semibold">
          Levels below {level.name}
        </h2>
        {children.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
            {allowedActions.createChild
              ? 'There are no levels below this one yet. Add one to organize divisions, age groups or teams.'
              : 'There are no levels below this one that you can see.'}
          </p>
        ) : (
          <LevelChildrenList parentId={level.id} levels={children} canReorder={allowedActions.reorder} />
        )}
      </section>

      <LevelNameDialog
        isOpen={dialog === 'create'}
        onClose={close}
        title={`Add a level under ${level.name}`}
        submitLabel="Add level"
        pendingLabel="Adding…"
        onSubmit={async (name) => {
          const created = await create.mutateAsync({ parentId: level.id, name });
          setNotice(`Added ${created.name}.`);
        }}
      />
      <LevelNameDialog
        key={`rename-${level.name}`}
        isOpen={dialog === 'rename'}
        onClose={close}
        title={`Rename ${level.name}`}
        submitLabel="Save name"
        pendingLabel="Saving…"
        defaultName={level.name}
        onSubmit={async (name) => {
          const renamed = await rename.mutateAsync({ id: level.id, name });
          setNotice(`Renamed to ${renamed.name}.`);
        }}
      />
      <MoveLevelDialog
        isOpen={dialog === 'move'}
        onClose={close}
        onMoved={(target) => setNotice(`Moved ${level.name} under ${target}.`)}
        level={level}
      />
      <DeleteLevelDialog
        isOpen={dialog === 'delete'}
        onClose={close}
        onDeleted={() => {
          close();
          if (parent) void navigate(levelPath(parent.id));
        }}
        level={level}
      />
    </div>
  );
}
