import type { VendorHttpClient } from '../http/http-client.ts';
import type { CandidateAddress, ScreeningMonitor, ScreeningMonitoringPort } from './port.ts';

/** A monitor as Yardstik's Monitoring reference shows it (`GET /monitoring/monitors`). */
type YardstikMonitor = {
  id: string;
  status: string;
  deactivated_at: string | null;
  created_at: string;
  candidate: { id: string };
  monitor_account_package: { id: string; name?: string };
  reports?: { id: string; status?: string }[] | null;
};
type YardstikCandidate = { id: string };

/** Reads every page of a Yardstik list (the adapter's own pager). */
type FindAll = <T>(path: string, query: Record<string, string>, correlationId?: string) => Promise<T[]>;

/**
 * The one place that holds what we assume of Yardstik's monitoring calls beyond its published list (ADR 032,
 * "not confirmed"): enrolling is `POST /monitoring/monitors {candidate_id, monitor_account_package_id}` answering the
 * monitor; inspecting `GET /monitoring/monitors/{id}`; unenrolling `POST /monitoring/monitors/{id}/unenroll`
 * answering the monitor, inactive with `deactivated_at`; and evergreen consent given after the candidate was created
 * is `PUT /candidates/{id} {account_candidate_consented_evergreen: true, date_of_birth, address}` (the address with
 * the snake_case parts of Yardstik's other resources: line1, line2, city, state, zip_code).
 */
const paths = {
  monitors: '/monitoring/monitors',
  monitor: (id: string) => `/monitoring/monitors/${encodeURIComponent(id)}`,
  unenroll: (id: string) => `/monitoring/monitors/${encodeURIComponent(id)}/unenroll`,
  candidates: '/candidates',
  candidate: (id: string) => `/candidates/${encodeURIComponent(id)}`,
};

const addressBody = (a: CandidateAddress) => ({
  line1: a.line1,
  line2: a.line2 || null,
  city: a.city,
  state: a.state,
  zip_code: a.postalCode,
});

const toMonitor = (m: YardstikMonitor): ScreeningMonitor => ({
  id: m.id,
  active: m.status === 'active',
  vendorStatus: m.status,
  candidateId: m.candidate.id,
  packageId: m.monitor_account_package.id,
  createdAt: new Date(m.created_at),
  deactivatedAt: m.deactivated_at ? new Date(m.deactivated_at) : null,
  reportIds: (m.reports ?? []).map((r) => r.id),
});

/** Yardstik's continuous monitoring on the adapter's client (its auth, retries and breaker). */
export function yardstikMonitoring(http: VendorHttpClient, findAll: FindAll): ScreeningMonitoringPort {
  const listMonitors = async (query: Record<string, string>, correlationId?: string) =>
    (await findAll<YardstikMonitor>(paths.monitors, query, correlationId)).map(toMonitor);
  return {
    async ensureEvergreenCandidate(input, ctx) {
      const details = {
        date_of_birth: input.dateOfBirth,
        address: addressBody(input.address),
        account_candidate_consented_evergreen: true,
      };
      const [existing] = await findAll<YardstikCandidate>(
        paths.candidates,
        { 'query[external_id_eq]': input.externalId },
        ctx.correlationId,
      );
      if (existing) {
        // Consent, birth date and address given now to a candidate created for an earlier one-off search.
        await http.call({
          method: 'PUT',
          path: paths.candidate(existing.id),
          body: details,
          correlationId: ctx.correlationId,
        });
        return { candidateId: existing.id };
      }
      const { body } = await http.call<YardstikCandidate>({
        method: 'POST',
        path: paths.candidates,
        body: {
          first_name: input.firstName,
          last_name: input.lastName,
          email: input.email,
          external_id: input.externalId,
          ...details,
        },
        correlationId: ctx.correlationId,
      });
      return { candidateId: body.id };
    },

    async enroll(input, ctx) {
      // Yardstik documents no idempotency key: a retried enrolment finds the candidate's active monitor first.
      const active = await listMonitors(
        { 'query[candidate_id_eq]': input.candidateId, 'query[status_eq]': 'active' },
        ctx.correlationId,
      );
      const existing = active.find((m) => m.packageId === input.packageId);
      if (existing) return existing;
      const { body } = await http.call<YardstikMonitor>({
        method: 'POST',
        path: paths.monitors,
        body: { candidate_id: input.candidateId, monitor_account_package_id: input.packageId },
        correlationId: ctx.correlationId,
      });
      return toMonitor(body);
    },

    async getMonitor(monitorId, ctx) {
      const { body } = await http.call<YardstikMonitor>({
        method: 'GET',
        path: paths.monitor(monitorId),
        correlationId: ctx.correlationId,
      });
      return toMonitor(body);
    },

    listMonitors: (filter, ctx) =>
      listMonitors({ 'query[candidate_id_eq]': filter.candidateId }, ctx.correlationId),

    async unenroll(monitorId, ctx) {
      const { body } = await http.call<YardstikMonitor>({
        method: 'POST',
        path: paths.unenroll(monitorId),
        correlationId: ctx.correlationId,
      });
      return toMonitor(body);
    },
  };
}
