import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createVendorHttpClient, type HttpLogger, type VendorHttpClient } from '../http/http-client.ts';
import { VendorHttpError } from '../http/vendor-errors.ts';
import { InvalidWebhookSignature } from '../screening/port.ts';
import {
  enrollmentObjectId,
  enrollmentObjectType,
  type CourseCertificate,
  type CourseProgress,
  type TrainingProviderPort,
} from './port.ts';

/** A deployment's TalentLMS account as configured in Touchline (ADR 032). */
export type TalentLmsSettings = {
  /** The account's domain, `https://<name>.talentlms.com` (or the sandbox's address). */
  baseUrl: string;
  apiKey: string;
  /** The secret the completion webhooks are signed with. */
  webhookSecret: string;
  /** The course id used when a definition names none. */
  courseId: string;
  logger: HttpLogger;
  sandbox?: boolean;
  timeoutMs?: number;
};

/** TalentLMS's user record (the fields we read). */
type TalentUser = {
  id: string;
  email: string;
  certifications?: {
    course_id: string;
    unique_id: string;
    issued_date?: string;
    expiration_date?: string | null;
    download_url: string;
  }[];
};

/** `getuserstatusincourse`'s answer. */
type TalentCourseStatus = {
  enrolled_on_timestamp?: string | null;
  completion_status?: string;
  completion_percentage?: string | number;
  completed_on_timestamp?: string | null;
};

/** The sandbox's (assumed) webhook body. */
type TalentEvent = {
  id?: string;
  event?: string;
  created_at?: string;
  data?: { user_id?: string; course_id?: string };
};

/** Unix seconds as TalentLMS sends them (strings), or null. */
const fromSeconds = (value: string | number | null | undefined) => {
  const n = Number(value);
  return value !== null && value !== undefined && value !== '' && Number.isFinite(n) && n > 0
    ? new Date(n * 1000)
    : null;
};

/** TalentLMS's displayed dates, `DD/MM/YYYY, HH:MM:SS` (the account default), or ISO; null when unreadable. */
export function talentDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const m = /^(\d{2})\/(\d{2})\/(\d{4})(?:,\s*(\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(value);
  const date = m
    ? new Date(`${m[3]}-${m[2]}-${m[1]}T${m[4] ?? '00'}:${m[5] ?? '00'}:${m[6] ?? '00'}Z`)
    : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Arguments as TalentLMS takes them in a path: `key:value` pairs joined by commas, values URL-encoded. */
const args = (pairs: Record<string, string | null | undefined>) =>
  Object.entries(pairs)
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}:${encodeURIComponent(v!)}`)
    .join(',');

/**
 * The training-provider port on TalentLMS's REST API v1 (`<domain>/api/v1/`): HTTP Basic auth with the API key as
 * user name and no password; `users/email:{email}` and `usersignup` (form fields) find or create the learner,
 * `addusertocourse` enrols (a repeat is refused with 400, read as already enrolled after a status check),
 * `gotocourse` answers a one-time `goto_url`, `getuserstatusincourse` the progress, and the user record's
 * `certifications` the certificate's `download_url`. Errors come as `{error: {type, message}}`.
 */
export function talentLmsAdapter(
  settings: TalentLmsSettings,
): TrainingProviderPort & { http: VendorHttpClient } {
  const base = new URL(settings.baseUrl);
  const http = createVendorHttpClient({
    vendor: 'talentlms',
    baseUrl: settings.baseUrl,
    headers: { authorization: `Basic ${Buffer.from(`${settings.apiKey}:`).toString('base64')}` },
    timeoutMs: settings.timeoutMs,
    logger: settings.logger,
  });

  const status = async (learnerId: string, courseId: string, correlationId?: string) =>
    (
      await http.call<TalentCourseStatus>({
        method: 'GET',
        path: `/api/v1/getuserstatusincourse/${args({ course_id: courseId, user_id: learnerId })}`,
        correlationId,
      })
    ).body;

  async function findOrCreateUser(
    learner: Parameters<TrainingProviderPort['enroll']>[0],
    correlationId?: string,
  ): Promise<TalentUser> {
    const byEmail = () =>
      http.call<TalentUser>({
        method: 'GET',
        path: `/api/v1/users/${args({ email: learner.email })}`,
        correlationId,
        accept: [404],
      });
    const found = await byEmail();
    if (found.status === 200) return found.body;
    const created = await http.call<TalentUser>({
      method: 'POST',
      path: '/api/v1/usersignup',
      form: {
        first_name: learner.firstName,
        last_name: learner.lastName,
        email: learner.email,
        login: `tl${learner.externalId.replace(/-/g, '')}`,
        // The learner never signs in with it: every launch is a one-time `gotocourse` link.
        password: `${randomBytes(18).toString('base64url')}aA1!`,
      },
      correlationId,
      accept: [400],
    });
    if (created.status === 200) return created.body;
    // A concurrent signup (a job run twice) created them first: read them back, else the refusal stands.
    const again = await byEmail();
    if (again.status === 200) return again.body;
    throw new VendorHttpError('talentlms', created.status, created.body);
  }

  return {
    provider: 'talentlms',
    sandbox: settings.sandbox === true,
    defaultCourseId: settings.courseId,
    http,
    async enroll(learner, courseId, ctx) {
      const user = await findOrCreateUser(learner, ctx.correlationId);
      const added = await http.call({
        method: 'POST',
        path: '/api/v1/addusertocourse',
        form: { user_id: user.id, course_id: courseId, role: 'learner' },
        correlationId: ctx.correlationId,
        accept: [400],
      });
      // 400 on a repeat: enrolled already if the status answers, otherwise the refusal was about something else.
      const current = await status(user.id, courseId, ctx.correlationId).catch((error: unknown) => {
        if (added.status === 400) throw new VendorHttpError('talentlms', added.status, added.body);
        throw error;
      });
      return { learnerId: user.id, courseId, enrolledAt: fromSeconds(current.enrolled_on_timestamp) };
    },
    async listCourses(ctx) {
      // `GET /api/v1/courses`: every course of the account, an array of course records.
      const { body } = await http.call<{ id: string | number; name: string; status?: string }[]>({
        method: 'GET',
        path: '/api/v1/courses',
        correlationId: ctx.correlationId,
      });
      return body
        .filter((c) => c.status === undefined || c.status === 'active')
        .map((c) => ({ id: String(c.id), name: c.name }));
    },
    async restart(enrollment, ctx) {
      // TalentLMS v1 has no documented "reset progress" call we could confirm; removing the learner from the course
      // (`removeuserfromcourse`, GET with path arguments) drops their progress in it, and enrolling them again starts
      // the course afresh. A 400 on the removal (not enrolled any more: a retried job) is read as removed.
      await http.call({
        method: 'GET',
        path: `/api/v1/removeuserfromcourse/${args({ user_id: enrollment.learnerId, course_id: enrollment.courseId })}`,
        correlationId: ctx.correlationId,
        accept: [400],
      });
      const added = await http.call({
        method: 'POST',
        path: '/api/v1/addusertocourse',
        form: { user_id: enrollment.learnerId, course_id: enrollment.courseId, role: 'learner' },
        correlationId: ctx.correlationId,
        accept: [400],
      });
      if (added.status === 400) {
        const current = await status(enrollment.learnerId, enrollment.courseId, ctx.correlationId);
        if ((current.completion_status ?? '').toLowerCase() === 'completed')
          throw new VendorHttpError('talentlms', added.status, added.body);
      }
    },
    async launchUrl(enrollment, returnUrl, ctx) {
      const { body } = await http.call<{ goto_url: string }>({
        method: 'GET',
        path: `/api/v1/gotocourse/${args({
          user_id: enrollment.learnerId,
          course_id: enrollment.courseId,
          course_completed_redirect: returnUrl,
        })}`,
        correlationId: ctx.correlationId,
      });
      return body.goto_url;
    },
    async progress(enrollment, ctx): Promise<CourseProgress> {
      const current = await status(enrollment.learnerId, enrollment.courseId, ctx.correlationId);
      const vendorState = (current.completion_status ?? '').toLowerCase();
      const percent = Math.max(0, Math.min(100, Number(current.completion_percentage) || 0));
      if (vendorState !== 'completed')
        return {
          state: vendorState === 'incomplete' || percent > 0 ? 'in_progress' : 'not_started',
          percent,
          completedAt: null,
          certificate: null,
        };
      const { body: user } = await http.call<TalentUser>({
        method: 'GET',
        path: `/api/v1/users/${args({ id: enrollment.learnerId })}`,
        correlationId: ctx.correlationId,
      });
      // After a retake the learner holds one certificate per completion: the newest is this completion's.
      const issued = (user.certifications ?? [])
        .filter((c) => c.course_id === enrollment.courseId)
        .sort(
          (a, b) => (talentDate(a.issued_date)?.getTime() ?? 0) - (talentDate(b.issued_date)?.getTime() ?? 0),
        )
        .at(-1);
      const certificate: CourseCertificate | null = issued
        ? {
            id: issued.unique_id,
            issuedAt: talentDate(issued.issued_date),
            expiresAt: talentDate(issued.expiration_date),
            downloadUrl: issued.download_url,
          }
        : null;
      return {
        state: 'completed',
        percent: 100,
        completedAt: fromSeconds(current.completed_on_timestamp),
        certificate,
      };
    },
    async certificatePdf(certificate, ctx) {
      const url = new URL(certificate.downloadUrl, base);
      // The API key goes only to the account's own domain, never to a host a record names.
      if (url.origin !== base.origin)
        throw new Error('the certificate is not on the TalentLMS account’s domain');
      const { body } = await http.call<Buffer>({
        method: 'GET',
        path: url.pathname + url.search,
        correlationId: ctx.correlationId,
        responseType: 'buffer',
      });
      return body;
    },
    readWebhook(headers, rawBody) {
      const given = headers['x-talentlms-signature'];
      const signature = Array.isArray(given) ? given[0] : given;
      const expected = createHmac('sha256', settings.webhookSecret).update(rawBody).digest('hex');
      if (
        !signature ||
        signature.length !== expected.length ||
        !timingSafeEqual(Buffer.from(signature), Buffer.from(expected))
      )
        throw new InvalidWebhookSignature('talentlms');
      const event = JSON.parse(rawBody.toString('utf8')) as TalentEvent;
      const about = event.data?.user_id && event.data.course_id;
      return {
        eventId: String(event.id ?? ''),
        objectType: about ? enrollmentObjectType : 'other',
        objectId: about ? enrollmentObjectId(event.data!.user_id!, event.data!.course_id!) : '',
        occurredAt: event.created_at ? new Date(event.created_at) : null,
      };
    },
  };
}
