import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckIn, ClearanceCard, OfflinePack } from '@touchline/contracts/game-day';
import { session } from '../../../lib/session.ts';
import { serveGlobally } from '../../../test/fake-server.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signedInWebSession } from '../../../test/tokens.ts';
import { CheckInPage } from './check-in-page.tsx';
import { ClearanceCardPage } from './clearance-card-page.tsx';

const uuid = (n: number) => `${String(n).repeat(8)}-1111-4111-8111-111111111111`;
const team = uuid(3);
const path = `/api/app/game-day/games/${team}/2026-11-29/check-ins`;
const packPath = `/api/app/game-day/teams/${team}/offline-pack`;
const pack = (items: OfflinePack['roster']['items']): OfflinePack => ({
  organizationId: uuid(1),
  levelId: team,
  fetchedAt: new Date().toISOString(),
  keys: [],
  revokedCardIds: [],
  roster: { levelName: 'U10 Boys', items },
});

beforeEach(() => {
  localStorage.clear();
  session.restore(signedInWebSession());
});
afterEach(() => vi.unstubAllGlobals());

describe('game day', () => {
  it(
    'checks in a typed code, shows Not cleared with the name and reason, and lists it',
    { timeout: 30_000 },
    async () => {
      const recorded: CheckIn[] = [];
      const bodies: { id: string; token: string }[] = [];
      serveGlobally({
        [`GET ${path}`]: () => ({ status: 200, body: { items: recorded } }),
        [`GET ${packPath}`]: {
          status: 200,
          body: pack([
            {
              profileLevelAccessId: uuid(4),
              name: 'Eddie Expired',
              role: 'Player',
              state: 'Not cleared',
              reasons: ['Abuse-prevention training expired 3 Nov'],
            },
          ]),
        },
        [`POST ${path}`]: (call) => {
          const body = JSON.parse(call.body ?? '{}') as { id: string; token: string };
          bodies.push(body);
          const checkIn: CheckIn = {
            id: body.id,
            scannedAt: '2026-11-29T09:00:00.000Z',
            outcome: 'NotCleared',
            message: 'Not cleared',
            profileLevelAccessId: uuid(4),
            name: 'Eddie Expired',
            photoUrl: null,
            levelName: 'U10 Boys',
            reasons: ['Abuse-prevention training expired 3 Nov'],
          };
          recorded.push(checkIn);
          return { status: 201, body: checkIn };
        },
      });
      renderRoutes(
        [{ path: '/game-day/check-in/:levelId/:gameOn', element: <CheckInPage /> }],
        `/game-day/check-in/${team}/2026-11-29`,
      );
      await userEvent.type(await screen.findByLabelText(/Card code/), 'the.card.code');
      await userEvent.click(screen.getByRole('button', { name: 'Check in' }));
      const result = await screen.findByRole('region', { name: 'Scan result' });
      expect(within(result).getByText('Not cleared')).toBeVisible();
      expect(within(result).getByText('Eddie Expired')).toBeVisible();
      expect(within(result).getByText('Abuse-prevention training expired 3 Nov')).toBeVisible();
      expect(bodies).toEqual([expect.objectContaining({ token: 'the.card.code' })]);
      expect(bodies[0]?.id).toMatch(/^[0-9a-f-]{36}$/);
      const list = screen.getByRole('region', { name: 'Checked in' });
      expect(await within(list).findByText('Eddie Expired: Not cleared')).toBeVisible();
      const roster = await screen.findByRole('region', { name: 'Roster' });
      expect(
        within(roster).getByText(
          'Eddie Expired (Player): Not cleared — Abuse-prevention training expired 3 Nov',
        ),
      ).toBeVisible();
    },
  );

  it(
    'queues a scan made without a signal and sends it once, with its id, when the signal returns',
    { timeout: 30_000 },
    async () => {
      let online = false;
      const posted: { id: string; token: string }[] = [];
      const recorded: CheckIn[] = [];
      serveGlobally({
        [`GET ${path}`]: () => ({ status: 200, body: { items: recorded } }),
        [`GET ${packPath}`]: { status: 200, body: pack([]) },
        [`POST ${path}`]: (call) => {
          if (!online) throw new TypeError('Failed to fetch');
          const body = JSON.parse(call.body ?? '{}') as { id: string; token: string };
          posted.push(body);
          const checkIn: CheckIn = {
            id: body.id,
            scannedAt: '2026-11-29T09:00:00.000Z',
            outcome: 'Revoked',
            message: 'This card was revoked by the league',
            profileLevelAccessId: uuid(6),
            name: 'Rory Removed',
            photoUrl: null,
            levelName: 'U10 Boys',
            reasons: [],
          };
          if (!recorded.some((r) => r.id === body.id)) recorded.push(checkIn);
          return { status: 201, body: checkIn };
        },
      });
      renderRoutes(
        [{ path: '/game-day/check-in/:levelId/:gameOn', element: <CheckInPage /> }],
        `/game-day/check-in/${team}/2026-11-29`,
      );
      await userEvent.type(await screen.findByLabelText(/Card code/), 'revoked.card.code');
      await userEvent.click(screen.getByRole('button', { name: 'Check in' }));
      expect(await screen.findByText(/check-in waiting for a signal/)).toBeVisible();
      expect(screen.getByTestId('pending-count')).toHaveTextContent('1');
      // Checked on the device first: not a card of this league.
      expect(
        within(screen.getByRole('region', { name: 'Scan result' })).getByText(
          'This is not a valid card of this league',
        ),
      ).toBeVisible();
      expect(posted).toEqual([]);
      online = true;
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
      const list = screen.getByRole('region', { name: 'Checked in' });
      expect(
        await within(list).findByText('Rory Removed: This card was revoked by the league'),
      ).toBeVisible();
      await waitFor(() => expect(screen.queryByText(/waiting for a signal/)).toBeNull());
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
      expect(posted).toEqual([expect.objectContaining({ token: 'revoked.card.code' })]);
      expect(within(list).getAllByText(/Rory Removed/)).toHaveLength(1);
    },
  );

  it('shows the member their card with the state in words and a QR code', { timeout: 30_000 }, async () => {
    const card: ClearanceCard = {
      profileLevelAccessId: uuid(5),
      name: 'Clara Cleared',
      photoUrl: null,
      organizationName: 'Riverside',
      levelName: 'U8 Girls',
      role: 'Player',
      state: 'Cleared',
      reasons: [],
      validUntil: '2027-03-01',
      token: 'header.payload.signature',
      tokenExpiresAt: '2026-11-30T09:00:00.000Z',
    };
    serveGlobally({ [`GET /api/app/game-day/cards/${uuid(5)}`]: { status: 200, body: card } });
    renderRoutes(
      [{ path: '/game-day/cards/:profileLevelAccessId', element: <ClearanceCardPage /> }],
      `/game-day/cards/${uuid(5)}`,
    );
    expect(await screen.findByRole('heading', { name: 'Clara Cleared' })).toBeVisible();
    expect(screen.getByText('Cleared')).toBeVisible();
    expect(screen.getByText(/Valid until/)).toBeVisible();
    const qr = screen.getByRole('img', { name: 'Card code for Clara Cleared' });
    expect(qr.querySelector('svg')).not.toBeNull();
  });
});
