import { createHmac } from 'node:crypto';
import { createSandbox, VendorError, type Sandbox } from '../harness.ts';

/** A license as the sandbox holds it, in the lookup's wire words. */
export type SandboxLicense = {
  discipline: string;
  license_level: string;
  issue_date: string | null;
  expiration_date: string | null;
  status: 'active' | 'expired' | 'revoked';
};

/** A person on record. */
export type SandboxPerson = {
  ussf_id: string;
  first_name: string;
  last_name: string;
  birth_date: string | null;
  licenses: SandboxLicense[];
};

/** The sandbox account's credentials. */
export type UsSoccerSandboxOptions = { apiKey: string };

/** A US Soccer sandbox and its people, for tests and demos that register someone. */
export type UsSoccerSandbox = Sandbox & {
  people: Map<string, SandboxPerson>;
  register(person: SandboxPerson): void;
};

const day = 86_400_000;
const isoDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The people every sandbox starts with, so a developer can try the flow with nothing set up (the requirement page
 * names them as the sandbox's, never the federation's). Dates are relative to the sandbox clock at start.
 */
export function presetPeople(now: Date): SandboxPerson[] {
  const inYears = (years: number) => isoDay(new Date(now.getTime() + years * 365 * day));
  return [
    {
      ussf_id: '1000000000000001',
      first_name: 'Jordan',
      last_name: 'Rivera',
      birth_date: '1985-04-12',
      licenses: [
        {
          discipline: 'coach',
          license_level: 'D',
          issue_date: inYears(-1),
          expiration_date: inYears(2),
          status: 'active',
        },
      ],
    },
    {
      ussf_id: '1000000000000002',
      first_name: 'Sam',
      last_name: 'Okafor',
      birth_date: '1979-09-30',
      licenses: [
        {
          discipline: 'coach',
          license_level: 'C',
          issue_date: inYears(-4),
          expiration_date: inYears(-1),
          status: 'expired',
        },
      ],
    },
    {
      ussf_id: '1000000000000003',
      first_name: 'Alex',
      last_name: 'Chen',
      birth_date: '1990-01-05',
      licenses: [
        {
          discipline: 'referee',
          license_level: 'Grassroots',
          issue_date: inYears(0),
          expiration_date: inYears(1),
          status: 'active',
        },
      ],
    },
  ];
}

/**
 * A local server that speaks the US Soccer license lookup as ADR 032 records it: `Authorization: Bearer <key>`,
 * `GET /v1/people/{ussfId}/licenses` answering `{data: person}` or 404, errors as `{errors: [{code, detail}]}`.
 * People are the presets plus any registered through `POST /__sandbox/people` (tests, demo seed).
 */
export function createUsSoccerSandbox(options: UsSoccerSandboxOptions): UsSoccerSandbox {
  const sandbox = createSandbox({
    vendor: 'us-soccer',
    authenticate: (request) => request.headers.authorization === `Bearer ${options.apiKey}`,
    errorBody: (status, message) => ({ errors: [{ code: String(status), detail: message }] }),
    // The lookup sends no webhooks; the harness still needs a signer, keyed with the API key.
    signWebhook: (body) => ({
      'x-sandbox-signature': createHmac('sha256', options.apiKey).update(body).digest('hex'),
    }),
  });
  const people = new Map<string, SandboxPerson>();
  const register = (person: SandboxPerson) => people.set(person.ussf_id, structuredClone(person));
  for (const person of presetPeople(sandbox.clock.now())) register(person);
  // Licenses lapse as the sandbox clock passes their date, as the federation's records would.
  sandbox.clock.onAdvance((now) => {
    for (const person of people.values())
      for (const license of person.licenses)
        if (license.status === 'active' && license.expiration_date && license.expiration_date < isoDay(now))
          license.status = 'expired';
  });

  sandbox.app.get<{ Params: { id: string } }>('/v1/people/:id/licenses', async (request) => {
    if (!/^\d{16}$/.test(request.params.id))
      throw new VendorError(422, {
        errors: [{ code: 'invalid_ussf_id', detail: 'ussf_id must be 16 digits' }],
      });
    const person = people.get(request.params.id);
    if (!person)
      throw new VendorError(404, { errors: [{ code: 'not_found', detail: 'No person with this id' }] });
    return { data: person };
  });

  sandbox.app.post<{ Body: Partial<SandboxPerson> }>('/__sandbox/people', async (request, reply) => {
    const body = request.body ?? {};
    if (!body.ussf_id || !/^\d{16}$/.test(body.ussf_id) || !body.first_name || !body.last_name)
      return reply.code(400).send({ error: 'ussf_id (16 digits), first_name and last_name are required' });
    register({
      ussf_id: body.ussf_id,
      first_name: body.first_name,
      last_name: body.last_name,
      birth_date: body.birth_date ?? null,
      licenses: Array.isArray(body.licenses) ? body.licenses : [],
    });
    return reply.code(201).send({ data: people.get(body.ussf_id) });
  });

  return Object.assign(sandbox, { people, register });
}
