import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { outcomeFor } from './yardstik-outcomes.ts';
import { sandboxPackages } from './yardstik-packages.ts';
import { UnprocessableError, type YardstikCandidate, type YardstikStore } from './yardstik-store.ts';

/**
 * A monitor as the sandbox answers it: Yardstik's published Monitoring resource (developer.yardstik.com, tag
 * Monitoring: `GET /monitoring/monitors`). The enroll, inspect and unenroll calls' paths and bodies are assumed
 * (ADR 032): `POST /monitoring/monitors {candidate_id, monitor_account_package_id}`, `GET /monitoring/monitors/{id}`,
 * `POST /monitoring/monitors/{id}/unenroll`.
 */
export type YardstikMonitor = {
  id: string;
  object: 'monitor';
  account_id?: string;
  status: 'active' | 'inactive';
  deactivated_at: string | null;
  created_at: string;
  updated_at: string;
  candidate: {
    id: string;
    first_name: string;
    middle_name: string | null;
    last_name: string;
    full_name: string;
    email: string;
  };
  monitor_account_package: { id: string; name: string };
  reports: { id: string; status: string }[];
};

const dayMs = 86_400_000;
const dayOf = (at: Date) => Math.floor(at.getTime() / dayMs);

/**
 * The sandbox's monitors: enrolled candidates are checked once a sandbox day (advance the clock). A check finds a
 * registry hit when the candidate's last name ends in `consider` by the sandbox's outcome rule (Sor, Consider,
 * Adverse: once per monitor) or when one was planted (`POST /__sandbox/monitoring/hits {candidate_id | email}`); a hit generates a
 * `consider` report carrying the `monitor`, announced by the same signed report webhooks as ordered reports.
 */
export class YardstikMonitors {
  readonly monitors = new Map<string, YardstikMonitor>();
  private readonly checkedDay = new Map<string, number>();
  private readonly byNameHit = new Set<string>();
  private readonly planted = new Map<string, number>();

  constructor(
    private readonly store: YardstikStore,
    private readonly now: () => Date,
  ) {}

  /** Enrolls a candidate of the account, refusing what Yardstik documents it needs (evergreen consent, full data). */
  enroll(body: Record<string, unknown>, accountId: string, ownAccount: string): YardstikMonitor {
    const candidate = this.store.candidates.get(String(body.candidate_id ?? ''));
    const pkg = sandboxPackages.find(
      (p) => p.id === body.monitor_account_package_id && p.action_type === 'monitor',
    );
    const fields: Record<string, string[]> = {};
    if (!candidate || (candidate.account_id ?? ownAccount) !== accountId)
      fields.candidate_id = ['must exist'];
    if (!pkg) fields.monitor_account_package_id = ['must exist'];
    if (!candidate || !pkg) throw new UnprocessableError(fields);
    if (!candidate.evergreen) fields.candidate = ['has not given evergreen consent'];
    if (!candidate.first_name.trim()) fields['candidate.first_name'] = ["can't be blank"];
    if (!candidate.last_name.trim()) fields['candidate.last_name'] = ["can't be blank"];
    if (!candidate.date_of_birth) fields['candidate.date_of_birth'] = ["can't be blank"];
    if (!candidate.address) fields['candidate.address'] = ["can't be blank"];
    const enrolled = [...this.monitors.values()].some(
      (m) =>
        m.candidate.id === candidate.id && m.monitor_account_package.id === pkg.id && m.status === 'active',
    );
    if (enrolled) fields.candidate_id = ['is already enrolled in this monitor'];
    if (Object.keys(fields).length > 0) throw new UnprocessableError(fields);
    const at = this.now().toISOString();
    const monitor: YardstikMonitor = {
      id: randomUUID(),
      object: 'monitor',
      ...(accountId !== ownAccount ? { account_id: accountId } : {}),
      status: 'active',
      deactivated_at: null,
      created_at: at,
      updated_at: at,
      candidate: {
        id: candidate.id,
        first_name: candidate.first_name,
        middle_name: candidate.middle_name,
        last_name: candidate.last_name,
        full_name: candidate.full_name,
        email: candidate.email,
      },
      monitor_account_package: { id: pkg.id, name: pkg.name },
      reports: [],
    };
    this.monitors.set(monitor.id, monitor);
    this.checkedDay.set(monitor.id, dayOf(this.now()));
    return this.read(monitor.id)!;
  }

  /** Ends a monitor (an inactive one answers as it is). */
  unenroll(id: string): YardstikMonitor | undefined {
    const monitor = this.monitors.get(id);
    if (monitor?.status === 'active') {
      const at = this.now().toISOString();
      Object.assign(monitor, { status: 'inactive', deactivated_at: at, updated_at: at });
    }
    return this.read(id);
  }

  /** A monitor with its reports as they stand. */
  read(id: string): YardstikMonitor | undefined {
    const monitor = this.monitors.get(id);
    if (!monitor) return undefined;
    monitor.reports = [...this.store.reports.values()]
      .filter((r) => r.monitor?.id === id)
      .map((r) => ({ id: r.id, status: r.status }));
    return monitor;
  }

  all(): YardstikMonitor[] {
    return [...this.monitors.keys()].map((id) => this.read(id)!);
  }

  /** Plants a registry hit for a candidate: their active monitors find it at the next daily check. */
  plantHit(candidateId: string): boolean {
    if (!this.store.candidates.has(candidateId)) return false;
    this.planted.set(candidateId, (this.planted.get(candidateId) ?? 0) + 1);
    return true;
  }

  /** The newest candidate with an e-mail address (the sandbox's control calls may name one by e-mail). */
  candidateIdByEmail(email: string): string | undefined {
    return [...this.store.candidates.values()].filter((c) => c.email === email).at(-1)?.id;
  }

  /** The daily checks the clock has passed: each active monitor is checked once per sandbox day. */
  catchUp(): void {
    const today = dayOf(this.now());
    for (const monitor of this.monitors.values()) {
      if (monitor.status !== 'active' || (this.checkedDay.get(monitor.id) ?? today) >= today) continue;
      this.checkedDay.set(monitor.id, today);
      const candidate = this.store.candidates.get(monitor.candidate.id);
      if (candidate && this.hitFor(monitor, candidate)) this.report(monitor, candidate);
    }
  }

  private hitFor(monitor: YardstikMonitor, candidate: YardstikCandidate): boolean {
    const planted = this.planted.get(candidate.id) ?? 0;
    if (planted > 0) {
      this.planted.set(candidate.id, planted - 1);
      return true;
    }
    if (outcomeFor(candidate.last_name) !== 'consider' || this.byNameHit.has(monitor.id)) return false;
    this.byNameHit.add(monitor.id);
    return true;
  }

  private report(monitor: YardstikMonitor, candidate: YardstikCandidate) {
    this.store.createMonitorReport(
      candidate,
      { id: monitor.id, status: monitor.status, monitor_account_package: monitor.monitor_account_package },
      monitor.account_id,
    );
  }
}

/**
 * `GET /monitoring/monitors` (filters `query[candidate_id_eq]`, `query[candidate_email_eq]`, `query[status_eq]`),
 * the enroll, inspect and unenroll calls, and the control call that plants a registry hit.
 */
export function registerMonitoringRoutes(
  app: FastifyInstance,
  monitors: YardstikMonitors,
  caller: (request: { headers: { authorization?: string } }) => string,
  ownAccount: string,
  list: (rows: YardstikMonitor[], query: Record<string, string>) => unknown,
) {
  const mine = (request: { headers: { authorization?: string } }, monitor: YardstikMonitor | undefined) =>
    monitor && (monitor.account_id ?? ownAccount) === caller(request) ? monitor : undefined;
  const notFound = { error: 'Not Found', status: 404 };

  app.get<{ Querystring: Record<string, string> }>('/monitoring/monitors', async (request) => {
    const q = request.query;
    return list(
      monitors
        .all()
        .filter((m) => mine(request, m))
        .filter(
          (m) => q['query[candidate_id_eq]'] === undefined || m.candidate.id === q['query[candidate_id_eq]'],
        )
        .filter(
          (m) =>
            q['query[candidate_email_eq]'] === undefined ||
            m.candidate.email === q['query[candidate_email_eq]'],
        )
        .filter((m) => q['query[status_eq]'] === undefined || m.status === q['query[status_eq]']),
      q,
    );
  });
  app.post<{ Body: Record<string, unknown> }>('/monitoring/monitors', async (request, reply) =>
    reply.code(201).send(monitors.enroll(request.body ?? {}, caller(request), ownAccount)),
  );
  app.get<{ Params: { id: string } }>('/monitoring/monitors/:id', async (request, reply) => {
    const monitor = mine(request, monitors.read(request.params.id));
    return monitor ?? reply.code(404).send(notFound);
  });
  app.post<{ Params: { id: string } }>('/monitoring/monitors/:id/unenroll', async (request, reply) => {
    if (!mine(request, monitors.read(request.params.id))) return reply.code(404).send(notFound);
    return monitors.unenroll(request.params.id);
  });
  // A registry hit for a candidate, named by id or by e-mail (a browser journey knows only the member's e-mail).
  app.post<{ Body: { candidate_id?: string; email?: string } }>(
    '/__sandbox/monitoring/hits',
    async (request, reply) => {
      const id = request.body?.candidate_id ?? monitors.candidateIdByEmail(String(request.body?.email ?? ''));
      return id && monitors.plantHit(id)
        ? reply.code(202).send({ planted: true, candidate_id: id })
        : reply.code(404).send(notFound);
    },
  );
}
