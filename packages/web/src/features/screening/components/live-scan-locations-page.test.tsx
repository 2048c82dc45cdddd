import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { serveGlobally, validationFailed } from '../../../test/fake-server.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signedInWebSession } from '../../../test/tokens.ts';
import { LiveScanLocationsPage } from './live-scan-locations-page.tsx';

const orgId = '55555555-5555-4555-8555-555555555555';
const urls = `/api/app/organization/${orgId}/live-scan-urls`;
const ca = {
  id: '66666666-6666-4666-8666-666666666666',
  state: 'CA',
  name: 'California DOJ',
  requestFormUrl: 'https://oag.ca.gov/fingerprints/forms',
  locationsUrl: null,
  ori: 'A1234567',
  agencyName: 'Touchline Youth League',
  agencyAddress: null,
  mailCode: null,
  levelOfService: null,
  typeOfApplicant: null,
};
const show = () =>
  renderRoutes([{ path: '/', element: <LiveScanLocationsPage organizationId={orgId} /> }], '/');

beforeEach(() => session.restore(signedInWebSession()));
afterEach(() => vi.unstubAllGlobals());

describe('the LiveScan locations page', () => {
  it('lists the locations with their request-form link and ORI, and removes one', async () => {
    const server = serveGlobally({
      [`GET ${urls}`]: { status: 200, body: { items: [ca] } },
      [`DELETE ${urls}/${ca.id}`]: { status: 204 },
    });
    show();
    expect(await screen.findByText('CA · California DOJ')).toBeVisible();
    expect(screen.getByText(/ORI A1234567/)).toBeVisible();
    expect(screen.getByRole('link', { name: /Request form/ })).toHaveAttribute('href', ca.requestFormUrl);
    await userEvent.click(screen.getByRole('button', { name: 'Remove California DOJ' }));
    expect(await screen.findByText('California DOJ (CA) removed.')).toBeVisible();
    expect(server.callsTo('DELETE', `${urls}/${ca.id}`)).toHaveLength(1);
  });

  it('checks the form before sending, shows the server’s field errors, and adds a location', async () => {
    let attempt = 0;
    const server = serveGlobally({
      [`GET ${urls}`]: { status: 200, body: { items: [] } },
      [`POST ${urls}`]: () =>
        ++attempt === 1
          ? validationFailed({ field: 'agencyName', in: 'body', message: 'Enter the agency name' })
          : { status: 201, body: { ...ca, state: 'NV', name: 'Nevada DPS' } },
    });
    show();
    expect(await screen.findByText('No locations yet: add the first below.')).toBeVisible();
    const form = screen.getByRole('form', { name: 'Add a location' });
    await userEvent.click(within(form).getByRole('button', { name: 'Add location' }));
    expect(within(form).getByText('Choose a state')).toBeVisible();
    expect(within(form).getByText('An ORI is 7 to 9 letters and digits')).toBeVisible();
    expect(server.callsTo('POST', urls)).toHaveLength(0);
    await userEvent.selectOptions(within(form).getByLabelText('State'), 'NV');
    await userEvent.type(within(form).getByLabelText('Name'), 'Nevada DPS');
    await userEvent.type(within(form).getByLabelText(/^ORI/), 'NV0123456');
    await userEvent.type(within(form).getByLabelText('Agency name'), ' x');
    await userEvent.click(within(form).getByRole('button', { name: 'Add location' }));
    expect(await within(form).findByText('Enter the agency name')).toBeVisible();
    await userEvent.click(within(form).getByRole('button', { name: 'Add location' }));
    expect(await screen.findByText('Nevada DPS (NV) saved.')).toBeVisible();
    expect(JSON.parse(server.callsTo('POST', urls)[1]!.body!)).toMatchObject({
      state: 'NV',
      name: 'Nevada DPS',
      ori: 'NV0123456',
      requestFormUrl: null,
    });
  });
});
