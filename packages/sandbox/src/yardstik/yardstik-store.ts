import { randomUUID } from 'node:crypto';
import { VendorError } from '../harness.ts';
import { outcomeFor, type YardstikReportStatus } from './yardstik-outcomes.ts';

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
  external_id: string | null;
  created_at: string;
  updated_at: string;
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
  meta: { apply: string; report_url: string; profile_url: string };
};

/** An account package (a set of screenings the account may order). */
export type YardstikAccountPackage = {
  id: string;
  package_id: string;
  package: string;
  name: string;
  package_system_name: string;
  action_type: 'report' | 'monitor';
  screenings: { id: string; name: string; label: string; screening_type: string }[];
  intake_fields: { name: string; type: string; label: string; required: boolean }[];
};

/** How long research takes in the sandbox once the candidate has consented (advance the clock past it). */
export const researchMs = 86_400_000;

const intakeFields = [
  { name: 'first_name', type: 'string', label: 'First Name', required: true },
  { name: 'last_name', type: 'string', label: 'Last Name', required: true },
  { name: 'date_of_birth', type: 'date', label: 'Date of Birth', required: true },
  { name: 'ssn', type: 'string', label: 'Social Security Number', required: true },
];

/** The packages every sandbox account starts with (ids fixed so demos and tests can name them). */
export const sandboxPackages: YardstikAccountPackage[] = [
  {
    id: '3c1d5e8a-0b6f-4a57-9d34-7a2f1c9e0b01',
    package_id: '9f2e0c4b-5d1a-4e8f-b3c7-1a6d2e9f0c11',
    package: 'Volunteer Standard',
    name: 'Volunteer Standard',
    package_system_name: 'volunteer_standard',
    action_type: 'report',
    screenings: [
      {
        id: 'a1b2c3d4-0000-4000-8000-000000000001',
        name: 'SSNTrace',
        label: 'SSN Trace',
        screening_type: 'SSN Trace',
      },
      {
        id: 'a1b2c3d4-0000-4000-8000-000000000002',
        name: 'NationalCriminal',
        label: 'National Criminal Search',
        screening_type: 'Criminal',
      },
      {
        id: 'a1b2c3d4-0000-4000-8000-000000000003',
        name: 'SexOffender',
        label: 'Sex Offender Registry',
        screening_type: 'Sex Offender',
      },
    ],
    intake_fields: intakeFields,
  },
  {
    id: '3c1d5e8a-0b6f-4a57-9d34-7a2f1c9e0b02',
    package_id: '9f2e0c4b-5d1a-4e8f-b3c7-1a6d2e9f0c12',
    package: 'Sex Offender Search',
    name: 'Sex Offender Search',
    package_system_name: 'sex_offender_search',
    action_type: 'report',
    screenings: [
      {
        id: 'a1b2c3d4-0000-4000-8000-000000000003',
        name: 'SexOffender',
        label: 'Sex Offender Registry',
        screening_type: 'Sex Offender',
      },
    ],
    intake_fields: intakeFields.slice(0, 3),
  },
];

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
      external_id: text('external_id'),
      created_at: at,
      updated_at: at,
    };
    this.candidates.set(candidate.id, candidate);
    return candidate;
  }

  /** Orders a report for a candidate and package; consented reports start research at once. */
  createReport(body: Record<string, unknown>, accountId?: string): YardstikReport {
    const fields: Record<string, string[]> = {};
    const candidate =
      typeof body.candidate_id === 'string' ? this.candidates.get(body.candidate_id) : undefined;
    if (!candidate) fields.candidate_id = ['must exist'];
    const pkg = sandboxPackages.find((p) => p.id === body.account_package_id);
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
