import { createHash, createHmac, createPublicKey, randomBytes, verify, type JsonWebKey } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { escapeHtml, hostedPage } from './hosted-page.ts';

/**
 * Where the sandbox's member portal sends members to sign in to Touchline: Touchline's issuer (its /connect/* host),
 * its web app, and the OAuth client Touchline registered for this partner (ADR 041).
 */
export type TouchlineClient = { issuer: string; appUrl: string; clientId: string; clientSecret: string };

/**
 * A member the portal shows: the site's registration, by the partner's member id (LeagueApps' `userId`, Amilia's
 * `Person.Id`). `forChild`: the member is a child whose parent or account owner signs in for them.
 */
export type PortalMember = {
  siteId: string;
  siteName: string;
  memberId: string;
  name: string;
  program: string;
  forChild: boolean;
};

type Pending = { verifier: string; nonce: string; member: PortalMember; createdAt: number };

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * A partner sandbox's member portal (LeagueApps', Amilia's): a stand-in for the partner's own app, acting as a
 * Touchline OAuth client the way a partner would (authorization code + PKCE S256, state, nonce, an HS256 member
 * assertion signed with the client secret; the code exchanged with client_secret_basic, the ID token's signature,
 * issuer, audience and nonce checked). Named a sandbox on every page. `/sandbox/portal/sites/{siteId}` is the
 * partner's return address. Signed in, the member goes to Touchline's partner return path (spec §2): /editProfile
 * for their own details, /groupAccountDashboard when they signed in for their child.
 */
export function registerMemberPortal(
  app: FastifyInstance,
  opts: {
    /** The partner the portal stands in for, as its pages name it ("LeagueApps", "Amilia"). */
    partner: string;
    baseUrl: () => string;
    member: (siteId: string, memberId: string) => PortalMember | undefined;
    siteName: (siteId: string) => string | undefined;
  },
) {
  let touchline: TouchlineClient | null = null;
  const pending = new Map<string, Pending>();
  const linked = new Map<string, { name: string; touchlineUserId: string }>();
  const callbackUrl = () => `${opts.baseUrl()}/sandbox/portal/callback`;
  const page = (title: string, body: string, status = 200) => ({ title, body, status });
  const send =
    (reply: { code: (n: number) => { type: (t: string) => { send: (b: string) => unknown } } }) =>
    (p: { title: string; body: string; status: number }) =>
      reply
        .code(p.status)
        .type('text/html; charset=utf-8')
        .send(
          hostedPage(
            opts.partner,
            p.title,
            p.body,
            `member portal on a development or test server. Nothing here is ${opts.partner}.`,
          ),
        );

  app.get<{ Params: { siteId: string } }>('/sandbox/portal/sites/:siteId', async (request, reply) => {
    const name = opts.siteName(request.params.siteId);
    if (!name) return send(reply)(page('Not found', '<h1>No such site</h1>', 404));
    const rows = [...linked.entries()]
      .filter(([key]) => key.startsWith(`${request.params.siteId}:`))
      .map(
        ([key, v]) =>
          `<li>Member ${escapeHtml(key.split(':')[1] ?? '')}: signed in to Touchline as ${escapeHtml(v.name)}</li>`,
      );
    return send(reply)(
      page(
        name,
        `<h1>${escapeHtml(name)}</h1><p>Welcome back to the league’s portal.</p>` +
          (rows.length
            ? `<h2>Touchline</h2><ul>${rows.join('')}</ul>`
            : '<p>No member has signed in to Touchline yet.</p>'),
      ),
    );
  });

  app.get<{ Params: { siteId: string; memberId: string } }>(
    '/sandbox/portal/sites/:siteId/members/:memberId',
    async (request, reply) => {
      const member = opts.member(request.params.siteId, request.params.memberId);
      if (!member) return send(reply)(page('Not found', '<h1>No such member</h1>', 404));
      const start = `/sandbox/portal/sites/${encodeURIComponent(member.siteId)}/members/${encodeURIComponent(member.memberId)}/touchline`;
      return send(reply)(
        page(
          member.name,
          `<h1>${escapeHtml(member.name)}</h1><p>${escapeHtml(member.siteName)} · ${escapeHtml(member.program)}</p>` +
            (member.forChild
              ? `<p>You manage this registration for your child. Your league checks its players’ paperwork on Touchline: sign in there with your own Touchline account to check ${escapeHtml(member.name)}’s details; we never see your password.</p>`
              : `<p>Your league checks its players’ paperwork on Touchline. Sign in there with your Touchline account; we never see your password.</p>`) +
            `<p><a href="${escapeHtml(start)}">Continue to Touchline</a></p>`,
        ),
      );
    },
  );

  app.get<{ Params: { siteId: string; memberId: string } }>(
    '/sandbox/portal/sites/:siteId/members/:memberId/touchline',
    async (request, reply) => {
      const member = opts.member(request.params.siteId, request.params.memberId);
      if (!member || !touchline)
        return send(reply)(page('Unavailable', '<h1>Touchline is not connected</h1>', 404));
      const verifier = randomBytes(32).toString('base64url');
      const state = randomBytes(16).toString('base64url');
      const nonce = randomBytes(16).toString('base64url');
      pending.set(state, { verifier, nonce, member, createdAt: Date.now() });
      const now = Math.floor(Date.now() / 1000);
      const claims = {
        iss: touchline.clientId,
        aud: touchline.issuer,
        sub: member.memberId,
        site: member.siteId,
        iat: now,
        exp: now + 120,
      };
      const input = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}`;
      const assertion = `${input}.${createHmac('sha256', touchline.clientSecret).update(input).digest('base64url')}`;
      const params = new URLSearchParams({
        response_type: 'code',
        client_id: touchline.clientId,
        redirect_uri: callbackUrl(),
        scope: 'openid profile',
        state,
        nonce,
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 'S256',
        member_assertion: assertion,
      });
      return reply.redirect(`${touchline.issuer}/connect/authorize?${params.toString()}`, 302);
    },
  );

  app.get<{ Querystring: Record<string, string> }>('/sandbox/portal/callback', async (request, reply) => {
    const q = request.query;
    const state = q['state'] ?? '';
    const waiting = pending.get(state);
    pending.delete(state);
    if (!waiting || !touchline || Date.now() - waiting.createdAt > 600_000) {
      return send(reply)(page('Sign-in failed', '<h1>This sign-in is unknown or has expired</h1>', 400));
    }
    const back = `/sandbox/portal/sites/${encodeURIComponent(waiting.member.siteId)}`;
    if (q['iss'] !== touchline.issuer)
      return send(reply)(page('Sign-in failed', '<h1>Wrong issuer</h1>', 400));
    if (q['error']) {
      return send(reply)(
        page(
          'Not signed in',
          `<h1>You did not sign in to Touchline</h1><p><a href="${escapeHtml(back)}">Back to the portal</a></p>`,
        ),
      );
    }
    const res = await fetch(`${touchline.issuer}/connect/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${touchline.clientId}:${touchline.clientSecret}`).toString('base64')}`,
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: q['code'] ?? '',
        redirect_uri: callbackUrl(),
        code_verifier: waiting.verifier,
      }),
    });
    const tokens = (await res.json()) as { id_token?: string; error?: string };
    const claims = tokens.id_token ? await verifyIdToken(touchline, tokens.id_token) : null;
    if (!res.ok || !claims || claims['nonce'] !== waiting.nonce) {
      return send(reply)(
        page(
          'Sign-in failed',
          `<h1>Touchline refused the sign-in</h1><p>${escapeHtml(tokens.error ?? 'bad ID token')}</p>`,
          400,
        ),
      );
    }
    const info = await fetch(`${touchline.issuer}/connect/userinfo`, {
      headers: { authorization: `Bearer ${(tokens as { access_token?: string }).access_token ?? ''}` },
    });
    const who = (await info.json()) as { name?: string };
    linked.set(`${waiting.member.siteId}:${waiting.member.memberId}`, {
      name: who.name ?? String(claims['sub']),
      touchlineUserId: String(claims['sub']),
    });
    // Signed in: on to Touchline's partner return path (spec §2) — the member's own details (/editProfile), or,
    // signed in for their child, the child profiles (/groupAccountDashboard) where the child's details are prefilled.
    const returnPath = waiting.member.forChild ? '/groupAccountDashboard' : '/editProfile';
    return reply.redirect(`${touchline.appUrl}${returnPath}`, 303);
  });

  return {
    /** Points the portal at a Touchline deployment and the OAuth client it registered for this sandbox. */
    connectTouchline(client: TouchlineClient) {
      touchline = client;
    },
    /** The portal's callback address, to register with Touchline as the client's one redirect URI. */
    callbackUrl,
  };
}

/** Verifies an EdDSA ID token against the issuer's JWKS: signature, `iss`, `aud` = the client, unexpired. */
async function verifyIdToken(
  client: TouchlineClient,
  token: string,
): Promise<Record<string, unknown> | null> {
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || !signature) return null;
  try {
    const head = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as {
      kid?: string;
      alg?: string;
    };
    const jwks = (await (await fetch(`${client.issuer}/.well-known/jwks.json`)).json()) as {
      keys: Array<JsonWebKey & { kid?: string }>;
    };
    const jwk = jwks.keys.find((k) => k.kid === head.kid);
    if (!jwk || head.alg !== 'EdDSA') return null;
    const ok = verify(
      null,
      Buffer.from(`${header}.${payload}`),
      createPublicKey({ key: jwk, format: 'jwk' }),
      Buffer.from(signature, 'base64url'),
    );
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const fresh = typeof claims['exp'] === 'number' && claims['exp'] > Date.now() / 1000;
    return ok && fresh && claims['iss'] === client.issuer && claims['aud'] === client.clientId
      ? claims
      : null;
  } catch {
    return null;
  }
}
