import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MembersImportPreview, MembersImportRow } from '@touchline/contracts/member-admin';
import type { QueryClient } from '@tanstack/react-query';
import { levelNavigationQueryOptions } from '../../../lib/level-navigation.ts';
import { session } from '../../../lib/session.ts';
import { serveGlobally } from '../../../test/fake-server.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signedInWebSession } from '../../../test/tokens.ts';
import { MembersImportPage } from './members-import-page.tsx';

const levelId = 'level-1';

afterEach(() => vi.unstubAllGlobals());

const row = (n: number, errors: MembersImportRow['errors'] = []): MembersImportRow => ({
  rowNumber: n + 1,
  firstName: `First${n}`,
  lastName: `Last${n}`,
  email: `m${n}@example.org`,
  labelId: 'label-1',
  roleLabel: 'Player',
  hierarchyLevelId: levelId,
  levelName: 'U10 Girls',
  externalId: null,
  dateOfBirth: null,
  errors,
});
const preview = (rows: MembersImportRow[]): MembersImportPreview => {
  const invalidRows = rows.filter((r) => r.errors.length > 0).length;
  return { rows, totalRows: rows.length, invalidRows, canImport: invalidRows === 0 };
};

function renderImport(routes: Parameters<typeof serveGlobally>[0]) {
  const server = serveGlobally({
    [`GET /api/app/hierarchy-level/${levelId}/direct-members`]: {
      status: 200,
      body: { level: { id: levelId, name: 'U10 Girls' }, items: [], totalCount: 0 },
    },
    'GET /api/app/labels': {
      status: 200,
      body: { items: [{ id: 'label-1', name: 'Player', role: null, isDefault: true, assignable: true }] },
    },
    ...routes,
  });
  session.restore(signedInWebSession());
  const clients: QueryClient[] = [];
  renderRoutes((queryClient) => {
    clients.push(queryClient);
    return [{ path: '/levels/:levelId/members/import', element: <MembersImportPage /> }];
  }, `/levels/${levelId}/members/import`);
  return Object.assign(server, { queryClient: clients[0] });
}

const csvFile = (text: string) => new File([text], 'members.csv', { type: 'text/csv' });

describe('the members import page', () => {
  it('previews the file, shows each row’s problems and keeps Import disabled while a row has one', async () => {
    const server = renderImport({
      [`POST /api/app/hierarchy-level/${levelId}/members-import/preview`]: {
        status: 200,
        body: preview([row(1), row(2, [{ column: 'email', message: 'Enter a valid e-mail address' }])]),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Import members into U10 Girls' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download the template CSV' })).toHaveAttribute('download');
    const csv = 'firstName,lastName,email\nFirst1,Last1,m1@example.org\nFirst2,Last2,nope\n';
    await userEvent.upload(screen.getByLabelText('CSV file'), csvFile(csv));
    expect(await screen.findByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(screen.getByText(/1 of 2 rows have problems/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import 2 members' })).toBeDisabled();
    const sent = server.callsTo('POST', `/api/app/hierarchy-level/${levelId}/members-import/preview`)[0];
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({ csv });
    await userEvent.click(screen.getByLabelText('Show only the rows with problems'));
    expect(screen.queryByText('First1 Last1')).not.toBeInTheDocument();
    expect(server.callsTo('POST', `/api/app/hierarchy-level/${levelId}/members-import`)).toHaveLength(0);
  });

  it('imports a clean file and says how many were invited', async () => {
    const server = renderImport({
      [`POST /api/app/hierarchy-level/${levelId}/members-import/preview`]: {
        status: 200,
        body: preview([row(1), row(2), row(3)]),
      },
      [`POST /api/app/hierarchy-level/${levelId}/members-import`]: {
        status: 200,
        body: { importedCount: 3, newProfiles: 3, existingProfiles: 0 },
      },
    });
    // The left tree's counts, as loaded before the import: they are stale once it succeeds.
    const navigationKey = levelNavigationQueryOptions(levelId).queryKey;
    server.queryClient?.setQueryData(navigationKey, {
      level: {
        id: levelId,
        name: 'U10 Girls',
        depth: 2,
        parentId: null,
        sortOrder: 0,
        childCount: 0,
        memberCount: 0,
      },
      ancestors: [],
      children: [],
      actorRole: 'Admin',
      allowedActions: { createChild: true, rename: true, move: true, delete: true, reorder: true },
    });
    await userEvent.upload(await screen.findByLabelText('CSV file'), csvFile('firstName,lastName,email\n'));
    const button = await screen.findByRole('button', { name: 'Import 3 members' });
    expect(button).toBeEnabled();
    expect(server.queryClient?.getQueryState(navigationKey)?.isInvalidated).toBe(false);
    await userEvent.click(button);
    expect(await screen.findByText('3 members imported and invited.')).toBeInTheDocument();
    expect(server.queryClient?.getQueryState(navigationKey)?.isInvalidated).toBe(true);
    expect(screen.getByRole('link', { name: 'Go to the members' })).toHaveAttribute(
      'href',
      `/levels/${levelId}/members`,
    );
    expect(server.callsTo('POST', `/api/app/hierarchy-level/${levelId}/members-import`)).toHaveLength(1);
  });

  it('shows why a file cannot be read at all', async () => {
    renderImport({
      [`POST /api/app/hierarchy-level/${levelId}/members-import/preview`]: {
        status: 400,
        body: {
          error: {
            code: 'validation_failed',
            message: 'Unknown column "mail"',
            validationErrors: [{ field: 'csv', in: 'body', message: 'Unknown column "mail"' }],
          },
        },
      },
    });
    await userEvent.upload(await screen.findByLabelText('CSV file'), csvFile('mail\nx\n'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unknown column "mail"');
  });
  it('imports only the valid rows on request and offers the others, with their problems, as a CSV', async () => {
    const bad = row(2, [{ column: 'role', message: 'No role is named "Wizard"' }]);
    const badRow = { ...bad, roleLabel: null, labelId: null, roleText: 'Wizard' };
    const server = renderImport({
      [`POST /api/app/hierarchy-level/${levelId}/members-import/preview`]: {
        status: 200,
        body: preview([row(1), badRow, row(3)]),
      },
      [`POST /api/app/hierarchy-level/${levelId}/members-import`]: {
        status: 200,
        body: { importedCount: 2, newProfiles: 2, existingProfiles: 0, skippedRows: [badRow] },
      },
    });
    await userEvent.upload(await screen.findByLabelText('CSV file'), csvFile('firstName,lastName,email\n'));
    expect(await screen.findByText(/Import the 2 valid rows now/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import 3 members' })).toBeDisabled();
    const download = screen.getByRole('link', { name: 'Download the 1 row with problems (CSV)' });
    const text = decodeURIComponent(download.getAttribute('href')?.split(',').slice(1).join(',') ?? '');
    expect(text.split('\r\n')).toEqual([
      'firstName,lastName,email,role,level,externalId,dateOfBirth,line,problems',
      'First2,Last2,m2@example.org,Wizard,U10 Girls,,,3,"role: No role is named ""Wizard"""',
      '',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Import the 2 valid rows' }));
    expect(
      await screen.findByText(/2 members imported and invited\. 1 row was not imported/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /download it with the problems/ })).toHaveAttribute(
      'download',
      'touchline-members-not-imported.csv',
    );
    const sent = server.callsTo('POST', `/api/app/hierarchy-level/${levelId}/members-import`)[0];
    expect(JSON.parse(sent?.body ?? '{}')).toMatchObject({ mode: 'valid' });
  });
});
