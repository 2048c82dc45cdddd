import { randomUUID } from 'node:crypto';
import { VendorError } from '../harness.ts';
import { outcomeFor, type YardstikReportStatus } from './yardstik-outcomes.ts';
import { sandboxPackages } from './yardstik-packages.ts';

export { sandboxPackages, type YardstikAccountPackage } from './yardstik-packages.ts';

/** A candidate as Yardstik answers it (the fields we use of its published shape). */
export type YardstikCandidate = {
  id: string;
  object: 'candidate';
  /** The account the candidate belongs to (the partner's own, or a sub-account whose API key created it). */
  account_id?: string;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  full_name: string;
  email: string;
  phone: string | null;
  date_of_birth: string | null;
  /** The candidate's current address (monitoring needs it; field names assumed, ADR 032). */
  address: YardstikAddress | null;
  /** Evergreen consent on file: the account may search again (monitoring) without a new authorization. */
  evergreen: boolean;
  external_id: string | null;
  created_at: string;
  updated_at: string;
};

/** A candidate's address (snake_case like the account's; not confirmed of Yardstik's candidate, ADR 032). */
export type YardstikAddress = {
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  zip_code: string;
};

/** A report as Yardstik answers it. */
export type YardstikReport = {
  id: string;
  object: 'report';
  /** The account the report was ordered on (the partner's own, or a sub-account whose API key ordered it). */
  account_id?: string;
  status: YardstikReportStatus;
  adjudication: string | null;
  account_package_id: string;
  candidate_id: string;
  external_reference: Record<string, unknown>;
  submitted_at: string | null;
  completed_at: string | null;
  created_at: string;
  updated_at: string;
  candidate: { id: string; full_name: string };
  /** The monitor whose daily check generated the report (null for an ordered report). */
  monitor: { id: string; status: string; monitor_account_package: { id: string; name: string } } | null;
  meta: { apply: string; report_url: string; profile_url: string };
};

/** How long research takes in the sandbox once the candidate has consented (advance the clock past it). */
export const researchMs = 86_400_000;

/** A registry record the sandbox's sex offender search found (a possible match for a reviewer to compare). */
export type YardstikRegistryRecord = {
  id: string;
  full_name: string;
  aliases: string[];
  date_of_birth: string | null;
  photo_url: string | null;
  jurisdiction: string;
  registry_url: string | null;
  offenses: { description: string }[];
};

/** One screening of a report (a search of its package) with what it found. */
export type YardstikScreening = {
  id: string;
  object: 'screening';
  name: string;
  label: string;
  screening_type: string;
  status: 'pending' | 'complete';
  result: 'clear' | 'consider' | null;
  records: YardstikRegistryRecord[];
  created_at: string;
};

/** An address from a request body, or null when it lacks a part. */
function addressOf(value: unknown): YardstikAddress | null {
  if (!value || typeof value !== 'object') return null;
  const a = value as Record<string, unknown>;
  const part = (key: string) => (typeof a[key] === 'string' ? (a[key] as string).trim() : '');
  if (!part('line1') || !part('city') || !part('state') || !part('zip_code')) return null;
  return {
    line1: part('line1'),
    line2: part('line2') || null,
    city: part('city'),
    state: part('state'),
    zip_code: part('zip_code'),
  };
}

/** Thrown for a request Yardstik would refuse as unprocessable, with its field messages. */
export class UnprocessableError extends VendorError {
  constructor(readonly fields: Record<string, string[]>) {
    super(422, { error: 'Unprocessable Entity', status: 422, errors: fields });
  }
}

/** The sandbox's in-memory account: candidates and reports, their progress with the clock, and change events. */
export class YardstikStore {
  readonly candidates = new Map<string, YardstikCandidate>();
  readonly reports = new Map<string, YardstikReport>();
  private readonly consentedAt = new Map<string, number>();

  constructor(
    private readonly baseUrl: () => string,
    private readonly now: () => Date,
    private readonly onReportChange: (report: YardstikReport, event: 'created' | 'updated') => void,
  ) {}

  /** Creates a candidate from a request body, or says which fields are missing. */
  createCandidate(body: Record<string, unknown>, accountId?: string): YardstikCandidate {
    const fields: Record<string, string[]> = {};
    for (const name of ['first_name', 'last_name', 'email'])
      if (typeof body[name] !== 'string' || !(body[name] as string).trim()) fields[name] = ["can't be blank"];
    if (typeof body.email === 'string' && !/^[^@\s]+@[^@\s]+$/.test(body.email))
      fields.email = ['is invalid'];
    if (Object.keys(fields).length > 0) throw new UnprocessableError(fields);
    const at = this.now().toISOString();
    const text = (key: string) => (typeof body[key] === 'string' ? (body[key] as string) : null);
    const candidate: YardstikCandidate = {
      id: randomUUID(),
      object: 'candidate',
      ...(accountId ? { account_id: accountId } : {}),
      first_name: body.first_name as string,
      middle_name: text('middle_name'),
      last_name: body.last_name as string,
      full_name: [body.first_name, body.middle_name, body.last_name].filter(Boolean).join(' '),
      email: body.email as string,
      phone: text('phone'),
      date_of_birth: text('date_of_birth'),
      address: addressOf(body.address),
      evergreen: body.evergreen === true || body.account_candidate_consented_evergreen === true,
      external_id: text('external_id'),
      created_at: at,
      updated_at: at,
    };
    this.candidates.set(candidate.id, candidate);
    return candidate;
  }

  /**
   * Updates a candidate's details (`PUT /candidates/{id}`): date of birth, address, and evergreen consent given
   * later (`account_candidate_consented_evergreen: true`). Assumed of Yardstik (ADR 032).
   */
  updateCandidate(candidate: YardstikCandidate, body: Record<string, unknown>): YardstikCandidate {
    if (body.address !== undefined && body.address !== null && !addressOf(body.address))
      throw new UnprocessableError({ address: ['is invalid'] });
    if (typeof body.date_of_birth === 'string') candidate.date_of_birth = body.date_of_birth;
    if (body.address) candidate.address = addressOf(body.address);
    if (body.evergreen === true || body.account_candidate_consented_evergreen === true)
      candidate.evergreen = true;
    if (body.evergreen === false) candidate.evergreen = false;
    candidate.updated_at = this.now().toISOString();
    return candidate;
  }

  /** Orders a report for a candidate and package; consented reports start research at once. */
  createReport(body: Record<string, unknown>, accountId?: string): YardstikReport {
    const fields: Record<string, string[]> = {};
    const candidate =
      typeof body.candidate_id === 'string' ? this.candidates.get(body.candidate_id) : undefined;
    if (!candidate) fields.candidate_id = ['must exist'];
    const pkg = sandboxPackages.find((p) => p.id === body.account_package_id && p.action_type === 'report');
    if (!pkg) fields.account_package_id = ['must exist'];
    if (!candidate || !pkg) throw new UnprocessableError(fields);
    const at = this.now().toISOString();
    const id = randomUUID();
    const report: YardstikReport = {
      id,
      object: 'report',
      ...(accountId ? { account_id: accountId } : {}),
      status: 'created',
      adjudication: null,
      account_package_id: pkg.id,
      candidate_id: candidate.id,
      external_reference:
        body.external_reference && typeof body.external_reference === 'object'
          ? (body.external_reference as Record<string, unknown>)
          : {},
      submitted_at: null,
      completed_at: null,
      created_at: at,
      updated_at: at,
      candidate: { id: candidate.id, full_name: candidate.full_name },
      monitor: null,
      meta: {
        apply: `${this.baseUrl()}/apply/${id}`,
        report_url: `${this.baseUrl()}/reports/${id}`,
        profile_url: `${this.baseUrl()}/candidates/${candidate.id}`,
      },
    };
    this.reports.set(id, report);
    this.onReportChange(report, 'created');
    if (body.account_candidate_consented === true) this.consent(id);
    return report;
  }

  /**
   * A report a monitor's daily check generated on a registry hit: ordered by nobody, completed at once as
   * `consider` (a possible match for the account to review), carrying the `monitor` it came from.
   */
  createMonitorReport(
    candidate: YardstikCandidate,
    monitor: NonNullable<YardstikReport['monitor']>,
    accountId?: string,
  ): YardstikReport {
    const at = this.now().toISOString();
    const id = randomUUID();
    const report: YardstikReport = {
      id,
      object: 'report',
      ...(accountId ? { account_id: accountId } : {}),
      status: 'consider',
      adjudication: 'review',
      account_package_id: monitor.monitor_account_package.id,
      candidate_id: candidate.id,
      external_reference: {},
      submitted_at: at,
      completed_at: at,
      created_at: at,
      updated_at: at,
      candidate: { id: candidate.id, full_name: candidate.full_name },
      monitor,
      meta: {
        apply: `${this.baseUrl()}/apply/${id}`,
        report_url: `${this.baseUrl()}/reports/${id}`,
        profile_url: `${this.baseUrl()}/candidates/${candidate.id}`,
      },
    };
    this.reports.set(id, report);
    this.onReportChange(report, 'created');
    return report;
  }

  /** The candidate finished the intake and signed the disclosure: research starts. */
  consent(reportId: string): YardstikReport | null {
    const report = this.reports.get(reportId);
    if (!report || report.status !== 'created') return report ?? null;
    this.consentedAt.set(reportId, this.now().getTime());
    this.update(report, { status: 'processing', submitted_at: this.now().toISOString() });
    return report;
  }

  /** Cancels a report that has not completed. */
  cancel(reportId: string): YardstikReport | null {
    const report = this.reports.get(reportId);
    if (!report) return null;
    if (!report.completed_at) this.update(report, { status: 'canceled' });
    return report;
  }

  /** Moves every researched report to its outcome once the clock has passed its research time. */
  catchUp(): void {
    for (const [id, started] of this.consentedAt) {
      if (this.now().getTime() - started < researchMs) continue;
      this.consentedAt.delete(id);
      const report = this.reports.get(id);
      const candidate = report && this.candidates.get(report.candidate_id);
      if (!report || !candidate || report.status !== 'processing') continue;
      const status = outcomeFor(candidate.last_name);
      const done = status === 'clear' || status === 'consider';
      this.update(report, {
        status,
        adjudication: status === 'consider' ? 'review' : null,
        completed_at: done ? this.now().toISOString() : null,
      });
    }
  }

  /**
   * The report's screenings, one per search of its package: pending until the report completes; then a sex
   * offender registry search of a report that ended in `consider` found one possible match, named and born like
   * the candidate (so a reviewer must compare the record), registered in the sandbox's own jurisdiction.
   */
  screeningsOf(reportId: string): YardstikScreening[] | null {
    const report = this.reports.get(reportId);
    const candidate = report && this.candidates.get(report.candidate_id);
    const pkg = report && sandboxPackages.find((p) => p.id === report.account_package_id);
    if (!report || !candidate || !pkg) return null;
    const done = report.completed_at !== null;
    return pkg.screenings.map((s) => {
      const flagged = done && report.status === 'consider' && s.screening_type === 'Sex Offender';
      const recordId = `${report.id.slice(0, 8)}-${s.id.slice(-4)}`;
      return {
        id: `${report.id}:${s.id}`,
        object: 'screening',
        name: s.name,
        label: s.label,
        screening_type: s.screening_type,
        status: done ? 'complete' : 'pending',
        result: done ? (flagged ? 'consider' : 'clear') : null,
        records: flagged
          ? [
              {
                id: recordId,
                full_name: candidate.full_name,
                aliases: [`${candidate.first_name.slice(0, 1)}. ${candidate.last_name}`],
                date_of_birth: candidate.date_of_birth,
                photo_url: `${this.baseUrl()}/registry/${recordId}/photo.svg`,
                jurisdiction: 'OR',
                registry_url: `${this.baseUrl()}/registry/${recordId}`,
                offenses: [{ description: 'Sandbox record: not a real registrant' }],
              },
            ]
          : [],
        created_at: report.created_at,
      };
    });
  }

  private update(report: YardstikReport, change: Partial<YardstikReport>): void {
    Object.assign(report, change, { updated_at: this.now().toISOString() });
    this.onReportChange(report, 'updated');
  }
}
