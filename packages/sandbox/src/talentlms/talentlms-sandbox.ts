import { createHmac, randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { createSandbox, VendorError, type Sandbox } from '../harness.ts';
import { completedPage, coursePage } from './talentlms-course-page.ts';
import { certificatePdf, TalentStore, talentDateTime, type TalentEnrollment } from './talentlms-store.ts';

/** The sandbox account's credentials. */
export type TalentSandboxOptions = {
  /** The API key (`Authorization: Basic base64(<key>:)`, TalentLMS's scheme: the key as user, no password). */
  apiKey: string;
  /** The secret completion webhooks are signed with. */
  webhookSecret: string;
};

/** A TalentLMS sandbox and its account's data, for tests that look inside. */
export type TalentSandbox = Sandbox & { store: TalentStore };

/** The sandbox's webhook signature: hex HMAC-SHA256 of the exact body bytes (ADR 032: our assumption). */
export function signTalentWebhook(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/**
 * TalentLMS passes arguments in the last path segment as `key:value` pairs joined by commas
 * (`/gotocourse/user_id:1,course_id:2`); values are URL-encoded by the caller, so they are read from the raw URL.
 */
function pathArgs(request: FastifyRequest): Record<string, string> {
  const raw = (request.url.split('?')[0] ?? '').split('/').pop() ?? '';
  const args: Record<string, string> = {};
  for (const pair of raw.split(',')) {
    const at = pair.indexOf(':');
    if (at > 0) args[pair.slice(0, at)] = decodeURIComponent(pair.slice(at + 1));
  }
  return args;
}

const required = (args: Record<string, string | undefined>, ...names: string[]) => {
  const missing = names.filter((n) => !args[n]);
  if (missing.length)
    throw new VendorError(400, {
      error: { type: 'invalid_request_error', message: `Missing required parameters: ${missing.join(', ')}` },
    });
  return names.map((n) => args[n]!);
};

/**
 * A local server that speaks TalentLMS's REST API v1 (`https://<domain>.talentlms.com/api/v1/`, ADR 032): Basic
 * auth with the API key, `usersignup`, `users/email:…`, `addusertocourse`, `gotocourse` (a one-time launch link
 * into the course player, served here at `/sandbox-course/{token}`), `getuserstatusincourse`, a user's
 * `certifications` with a `download_url` answering the certificate PDF, and errors as `{error: {type, message}}`.
 * A course's start and completion are announced by signed webhooks (duplicated, reordered or dropped on demand).
 */
export function createTalentSandbox(options: TalentSandboxOptions): TalentSandbox {
  const basic = `Basic ${Buffer.from(`${options.apiKey}:`).toString('base64')}`;
  const sandbox = createSandbox({
    vendor: 'talentlms',
    authenticate: (request) => request.headers.authorization === basic,
    errorBody: (status, message) => ({
      error: { type: status === 401 ? 'authentication_error' : 'api_error', message },
    }),
    signWebhook: (body) => ({ 'x-talentlms-signature': signTalentWebhook(options.webhookSecret, body) }),
    publicPaths: ['/sandbox-course/'],
  });
  const { app } = sandbox;
  const store = new TalentStore(sandbox.baseUrl, sandbox.clock.now);
  const announce = (event: 'user.course.started' | 'user.course.completed', e: TalentEnrollment) =>
    sandbox.webhooks.emit(randomUUID(), {
      id: randomUUID(),
      event,
      created_at: sandbox.clock.now().toISOString(),
      data: { user_id: e.userId, course_id: e.courseId },
    });

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.get('/api/v1/users/:selector', async (request) => {
    const args = pathArgs(request);
    if (args.id) return store.user(args.id);
    const user = args.email ? store.findByEmail(args.email) : undefined;
    if (!user)
      throw new VendorError(404, {
        error: { type: 'invalid_request_error', message: 'The requested user does not exist' },
      });
    return store.view(user);
  });
  app.post<{ Body: Record<string, string> }>('/api/v1/usersignup', async (request) =>
    store.view(store.signup(request.body ?? {})),
  );
  app.post<{ Body: Record<string, string> }>('/api/v1/addusertocourse', async (request) => {
    const [userId, courseId] = required(request.body ?? {}, 'user_id', 'course_id');
    store.enroll(userId!, courseId!);
    return [{ user_id: userId, course_id: courseId, role: request.body?.role ?? 'learner' }];
  });
  app.get('/api/v1/courses', async () =>
    [...store.courses.values()].map((c) => ({
      id: c.id,
      name: c.name,
      code: c.code,
      status: 'active',
      hide_from_catalog: '0',
      certification_duration: `${c.certification_duration_days} days`,
    })),
  );
  app.get('/api/v1/removeuserfromcourse/:args', async (request) => {
    const [userId, courseId] = required(pathArgs(request), 'user_id', 'course_id');
    const course = store.course(courseId!);
    store.unenroll(userId!, courseId!);
    return [{ user_id: userId, course_id: courseId, course_name: course.name }];
  });
  app.get('/api/v1/gotocourse/:args', async (request) => {
    const args = pathArgs(request);
    const [userId, courseId] = required(args, 'user_id', 'course_id');
    const launch = store.launch(userId!, courseId!, args.course_completed_redirect ?? null);
    return { goto_url: `${sandbox.baseUrl()}/sandbox-course/${launch.token}` };
  });
  app.get('/api/v1/getuserstatusincourse/:args', async (request) => {
    const [courseId, userId] = required(pathArgs(request), 'course_id', 'user_id');
    const e = store.enrollment(userId!, courseId!);
    const seconds = (at: Date | null) => (at ? String(Math.floor(at.getTime() / 1000)) : null);
    return {
      role: 'learner',
      enrolled_on: talentDateTime(e.enrolledAt),
      enrolled_on_timestamp: seconds(e.enrolledAt),
      completion_status: e.status,
      completion_percentage: String(e.percent),
      completed_on: e.completedAt ? talentDateTime(e.completedAt) : '',
      completed_on_timestamp: seconds(e.completedAt) ?? '',
      total_time: e.percent ? '12m' : '',
      total_time_seconds: e.percent ? 720 : 0,
      units: [],
    };
  });
  app.get('/user/downloadcertification/:selector', async (request, reply) => {
    const found = store.certificate(pathArgs(request).id ?? '');
    if (!found)
      throw new VendorError(404, {
        error: { type: 'invalid_request_error', message: 'The requested certification does not exist' },
      });
    const { user, certification: c } = found;
    const pdf = certificatePdf([
      'Certificate of completion',
      `${user.first_name} ${user.last_name}`,
      `completed ${c.course_name}`,
      `Issued ${c.issued_date} - valid until ${c.expiration_date ?? 'no expiry'}`,
      `Certificate ${c.unique_id} - SANDBOX: not a real certificate`,
    ]);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="certificate-${c.unique_id}.pdf"`)
      .send(pdf);
  });

  const launchOf = (token: string) => {
    const launch = store.launches.get(token);
    if (!launch) return null;
    const enrollment = store.enrollment(launch.userId, launch.courseId);
    return { launch, enrollment, user: store.user(launch.userId), course: store.course(launch.courseId) };
  };
  const invalidLink = '<h1>This course link is not valid. Open the course again from Touchline.</h1>';
  app.get<{ Params: { token: string } }>('/sandbox-course/:token', async (request, reply) => {
    const found = launchOf(request.params.token);
    if (!found) return reply.code(404).type('text/html').send(invalidLink);
    if (store.start(found.enrollment)) announce('user.course.started', found.enrollment);
    if (found.enrollment.status === 'completed')
      return reply.type('text/html').send(completedPage(found.course, found.launch.redirect));
    return reply.type('text/html').send(coursePage(found.user, found.course, found.enrollment));
  });
  app.post<{ Params: { token: string }; Body: Record<string, string> }>(
    '/sandbox-course/:token',
    async (request, reply) => {
      const found = launchOf(request.params.token);
      if (!found) return reply.code(404).type('text/html').send(invalidLink);
      if (request.body?.acknowledge !== 'on')
        return reply
          .code(422)
          .type('text/html')
          .send(
            coursePage(found.user, found.course, found.enrollment, 'Tick the acknowledgement to finish.'),
          );
      if (store.complete(found.enrollment)) announce('user.course.completed', found.enrollment);
      return reply.type('text/html').send(completedPage(found.course, found.launch.redirect));
    },
  );

  return Object.assign(sandbox, { store });
}
