import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  amiliaSignatureHeader,
  amiliaTimestampHeader,
  createAmiliaSandbox,
  signAmiliaWebhook,
  type AmiliaSandbox,
} from './amilia-sandbox.ts';

const row = (n: number) => ({
  RegistrationId: `AC-${n}`,
  Program: { Id: 1, Name: 'Swim' },
  Activity: { Id: 2, Name: 'Mondays' },
  Person: { Id: n, FirstName: 'A', LastName: 'B', FullName: 'A B', DateOfBirth: null, Email: null },
  AccountOwner: { Id: 100 + n, FirstName: 'P', LastName: 'B', Email: `p${n}@example.org` },
  IsCancelled: false,
});

describe('the Amilia sandbox speaks the v3 organization API (as ADR 041 reads it)', () => {
  let sandbox: AmiliaSandbox;
  let base = '';
  let receiver: Server;
  const received: { headers: Record<string, string | string[] | undefined>; body: string }[] = [];
  let receiverUrl = '';
  const token = async (key: { apiKey: string; apiSecret: string }) => {
    const res = await fetch(`${base}/api/v3/authenticate`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${key.apiKey}:${key.apiSecret}`).toString('base64')}` },
    });
    return { status: res.status, body: (await res.json()) as { Token?: string } };
  };

  beforeAll(async () => {
    sandbox = createAmiliaSandbox({ perPage: 2 });
    base = await sandbox.listen();
    sandbox.addOrganization('club', 'Club');
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const address = receiver.address();
    receiverUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hook`;
  });
  afterAll(async () => {
    await sandbox.close();
    await new Promise((r) => receiver.close(r));
  });

  it('authenticates an API key/secret pair (401 otherwise) and answers every call as the sandbox', async () => {
    const key = sandbox.createApiKey('club');
    expect((await token({ ...key, apiSecret: 'wrong' })).status).toBe(401);
    const { status, body } = await token(key);
    expect(status).toBe(200);
    const res = await fetch(`${base}/api/V3/en/org/club`, {
      headers: { authorization: `Bearer ${body.Token}` },
    });
    expect([res.status, res.headers.get('x-sandbox'), await res.json()]).toEqual([
      200,
      'amilia',
      { Identifier: 'club', Name: 'Club' },
    ]);
    expect((await fetch(`${base}/api/V3/en/org/club`)).status).toBe(401);
  });

  it('pages the registrations list (page, perPage, modifiedSince) and refuses bad paging with 400', async () => {
    const { body } = await token(sandbox.createApiKey('club'));
    const auth = { authorization: `Bearer ${body.Token}` };
    for (const n of [1, 2, 3]) sandbox.putRegistration('club', row(n), { silent: true });
    const first = (await (
      await fetch(`${base}/api/V3/en/org/club/registrations?page=1`, { headers: auth })
    ).json()) as {
      Items: { RegistrationId: string }[];
      Paging: { TotalCount: number; Next: string | null };
    };
    expect(first.Items.map((r) => r.RegistrationId)).toEqual(['AC-1', 'AC-2']);
    expect(first.Paging.TotalCount).toBe(3);
    expect(first.Paging.Next).not.toBeNull();
    const bad = await fetch(`${base}/api/V3/en/org/club/registrations?page=0`, { headers: auth });
    expect(bad.status).toBe(400);
  });

  it('signs each delivery with the subscription secret, repeating it as asked', async () => {
    const { secret } = sandbox.subscribeWebhook('club', receiverUrl);
    sandbox.webhooks.configure({ duplicates: 1 });
    sandbox.putRegistration('club', row(9));
    await sandbox.webhooksIdle();
    expect(received).toHaveLength(2);
    for (const delivery of received) {
      const ts = delivery.headers[amiliaTimestampHeader] as string;
      expect(delivery.headers[amiliaSignatureHeader]).toBe(signAmiliaWebhook(secret, ts, delivery.body));
      expect(JSON.parse(delivery.body)).toMatchObject({ OrgIdentifier: 'club', RegistrationId: 'AC-9' });
    }
    expect(received[0]!.body).toBe(received[1]!.body);
  });
});
