import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTazworksSandbox, type TazworksSandbox } from './tazworks-sandbox.ts';

const clientGuid = '6a1f0c3e-2b4d-4e5f-8a7b-9c0d1e2f3a4b';

describe('the TazWorks-platform sandbox speaks TazAPI', () => {
  let sandbox: TazworksSandbox;
  let base = '';
  const call = (path: string, init: RequestInit = {}, token = 'tok') =>
    fetch(`${base}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
    });
  beforeAll(async () => {
    sandbox = createTazworksSandbox({ token: 'tok', clientGuid });
    base = await sandbox.listen();
  });
  afterAll(() => sandbox.close());

  it('refuses a wrong token with 401 in the {code, message} envelope and names itself a sandbox', async () => {
    const res = await call('/v1/clients', {}, 'nope');
    expect(res.status).toBe(401);
    expect(res.headers.get('x-sandbox')).toBe('tazworks');
    expect(await res.json()).toEqual({ code: 'UNAUTHORIZED', message: 'Unauthorized' });
  });

  it('lists clients and products as bare arrays, paged from 0 by size', async () => {
    const clients = (await (await call('/v1/clients')).json()) as { clientGuid: string }[];
    expect(clients.map((c) => c.clientGuid)).toEqual([clientGuid]);
    const page0 = (await (
      await call(`/v1/clients/${clientGuid}/products?page=0&size=1`)
    ).json()) as unknown[];
    const page1 = (await (
      await call(`/v1/clients/${clientGuid}/products?page=1&size=1`)
    ).json()) as unknown[];
    expect(page0).toHaveLength(1);
    expect(page1).toHaveLength(1);
    expect(page0[0]).not.toEqual(page1[0]);
    expect(page0[0]).toMatchObject({ clientProductGuid: expect.any(String), usesQuickapp: true });
    const missing = await call('/v1/clients/00000000-0000-0000-0000-000000000000/products');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses a bad order with VALIDATION_EXCEPTION, and results before completion with 400', async () => {
    const bad = await call(`/v1/clients/${clientGuid}/orders`, { method: 'POST', body: JSON.stringify({}) });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'VALIDATION_EXCEPTION' });

    const applicant = (await (
      await call(`/v1/clients/${clientGuid}/applicants`, {
        method: 'POST',
        body: JSON.stringify({ firstName: 'Lou', lastName: 'Late', email: 'lou@example.org' }),
      })
    ).json()) as { applicantGuid: string };
    const [product] = (await (await call(`/v1/clients/${clientGuid}/products`)).json()) as {
      clientProductGuid: string;
    }[];
    const order = (await (
      await call(`/v1/clients/${clientGuid}/orders`, {
        method: 'POST',
        body: JSON.stringify({
          applicantGuid: applicant.applicantGuid,
          clientProductGuid: product!.clientProductGuid,
          useQuickApp: true,
        }),
      })
    ).json()) as { orderGuid: string; orderStatus: string; quickappApplicantLink: string };
    expect(order.orderStatus).toBe('app-pending');
    const pdf = await call(`/v1/clients/${clientGuid}/orders/${order.orderGuid}/resultsAsPdf`);
    expect(pdf.status).toBe(400);
    expect(await pdf.json()).toEqual({
      code: 'VALIDATION_EXCEPTION',
      message: 'Report results are not available for orders in app-pending status.',
    });

    // The QuickApp link lapses after its days; a late applicant is told so and the order never starts.
    expect((await fetch(order.quickappApplicantLink)).status).toBe(200);
    await sandbox.clock.advance(8 * 86_400_000);
    const late = await fetch(order.quickappApplicantLink, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'disclosure=on&authorization=on',
    });
    expect(await late.text()).toContain('This link has expired');
    const status = (await (
      await call(`/v1/clients/${clientGuid}/orders/${order.orderGuid}/status`)
    ).json()) as {
      orderDetail: { status: string };
    };
    expect(status.orderDetail.status).toBe('app-pending');
  });
});

describe('one TazWorks-platform sandbox serves several agencies by name', () => {
  let sandbox: TazworksSandbox;
  let base = '';
  const get = (path: string, token: string) =>
    fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const jdpClient = 'aaaaaaaa-2b4d-4e5f-8a7b-9c0d1e2f3a4b';
  const ncsiClient = 'bbbbbbbb-2b4d-4e5f-8a7b-9c0d1e2f3a4b';
  beforeAll(async () => {
    sandbox = createTazworksSandbox({
      token: 'unused',
      agencies: [
        { name: 'JDP', token: 'jdp-tok', clientGuid: jdpClient },
        { name: 'NCSI', token: 'ncsi-tok', clientGuid: ncsiClient },
      ],
    });
    base = await sandbox.listen();
  });
  afterAll(() => sandbox.close());

  it('answers each agency’s token with its own clients only, and another’s client as not found', async () => {
    const jdp = (await (await get('/v1/clients', 'jdp-tok')).json()) as { clientGuid: string }[];
    const ncsi = (await (await get('/v1/clients', 'ncsi-tok')).json()) as { clientGuid: string }[];
    expect(jdp.map((c) => c.clientGuid)).toEqual([jdpClient]);
    expect(ncsi.map((c) => c.clientGuid)).toEqual([ncsiClient]);
    expect((await get(`/v1/clients/${ncsiClient}/products`, 'jdp-tok')).status).toBe(404);
    expect((await get(`/v1/clients/${ncsiClient}/products`, 'ncsi-tok')).status).toBe(200);
    expect((await get('/v1/clients', 'unused')).status).toBe(401);
    const added = sandbox.addClient('jdp-tok', 'Second league');
    const after = (await (await get('/v1/clients', 'jdp-tok')).json()) as { clientGuid: string }[];
    expect(after.map((c) => c.clientGuid)).toEqual([jdpClient, added]);
  });
});
