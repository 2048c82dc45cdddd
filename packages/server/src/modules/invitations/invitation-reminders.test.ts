import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActiveStatus } from '@touchline/contracts/members';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  addTestMember,
  createTestOrganization,
  type TestMember,
  type TestOrganization,
} from '../../../test/factories.ts';
import { invitations, profileLevelAccesses } from '../../db/schema/index.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import { deliverStoredMail } from '../../mail/outbox.ts';
import { hashInvitationToken } from './invitations.mail.ts';
import { invitee, latestToken } from './invitations.test-support.ts';
import { mailTo } from '../../../test/mail.ts';
import { sweepInvitationReminders, type ReminderDeps } from './invitation-reminders.ts';

const day = 86_400_000;

describe('activation reminders (days 0, 2, 4, 7, 10 until accepted)', () => {
  let t: TestApp;
  let org: TestOrganization;
  let admin: TestMember;
  let deps: ReminderDeps;

  beforeAll(async () => {
    t = await createTestApp();
    org = await createTestOrganization(t);
    admin = await addTestMember(t, org, org.root, 'Admin');
    deps = { db: t.database.db, jobs: t.app.jobs, appUrl: t.app.appUrl, log: t.app.log };
  });
  afterAll(() => t.close());

  const inviteNew = async () => {
    const body = invitee(org.team.id, org.labelIds.member);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/app/invitation',
      headers: admin.auth,
      payload: body,
    });
    expect(res.statusCode).toBe(201);
    const { profileLevelAccessId } = res.json() as { profileLevelAccessId: string };
    const [row] = await t.database.db
      .select()
      .from(invitations)
      .where(eq(invitations.profileLevelAccessId, profileLevelAccessId));
    if (!row) throw new Error('no invitation row');
    return { ...body, profileLevelAccessId, createdAt: row.createdAt.getTime(), invitationId: row.id };
  };
  // Sweeps run one after another here, so each sweep sees only the invitations a test created up to its clock.
  const sweep = (at: number) => sweepInvitationReminders(deps, new Date(at));

  it('e-mails on exactly days 2, 4, 7 and 10 after the day-0 invitation, then never again', async () => {
    const invited = await inviteNew();
    const days = [2, 4, 7, 10];
    for (const [i, d] of days.entries()) {
      await sweep(invited.createdAt + d * day - 1000);
      expect(await mailTo(t, invited.email)).toHaveLength(i + 1);
      await sweep(invited.createdAt + d * day);
      const mails = await mailTo(t, invited.email);
      expect(mails).toHaveLength(i + 2);
      expect(mails.at(-1)?.subject).toBe(`Reminder: your invitation to join ${org.name} is waiting`);
    }
    await sweep(invited.createdAt + 30 * day);
    expect(await mailTo(t, invited.email)).toHaveLength(5);
    const [row] = await t.database.db
      .select()
      .from(invitations)
      .where(eq(invitations.id, invited.invitationId));
    expect(row).toMatchObject({ remindersSent: 5, nextReminderAt: null });
    // Each reminder carries a working link: the row holds the hash of the newest one.
    expect(row?.tokenHash).toBe(hashInvitationToken(await latestToken(t, invited.email)));
  });

  it('sends nothing after acceptance, nor to an archived or inactive member', async () => {
    const accepted = await inviteNew();
    const archived = await inviteNew();
    const inactive = await inviteNew();
    await t.createUser({ email: accepted.email });
    const tokens = await t.signIn(accepted.email);
    const acceptRes = await t.app.inject({
      method: 'POST',
      url: '/api/app/invitation/accept',
      headers: { authorization: `Bearer ${tokens.access_token}` },
      payload: { token: await latestToken(t, accepted.email) },
    });
    expect(acceptRes.statusCode).toBe(200);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/app/profile/profile-level-access/${archived.profileLevelAccessId}`,
      headers: admin.auth,
    });
    await t.database.db
      .update(profileLevelAccesses)
      .set({ groupMembershipStatus: ActiveStatus.Inactive })
      .where(eq(profileLevelAccesses.id, inactive.profileLevelAccessId));
    await sweep(inactive.createdAt + 3 * day);
    for (const who of [accepted, archived, inactive]) expect(await mailTo(t, who.email)).toHaveLength(1);

    // Set Active again, the member gets one catch-up reminder, not every step they missed.
    await t.database.db
      .update(profileLevelAccesses)
      .set({ groupMembershipStatus: ActiveStatus.Active })
      .where(eq(profileLevelAccesses.id, inactive.profileLevelAccessId));
    await sweep(inactive.createdAt + 8 * day);
    expect(await mailTo(t, inactive.email)).toHaveLength(2);
    const [row] = await t.database.db
      .select()
      .from(invitations)
      .where(eq(invitations.id, inactive.invitationId));
    expect(row?.nextReminderAt?.getTime()).toBe(inactive.createdAt + 10 * day);
  });

  it('queues each reminder once whatever the mail server does (delivery retries are the mail job’s), and a pending step 0 goes out as the invitation', async () => {
    const invited = await inviteNew();
    const at = invited.createdAt + 2 * day;
    expect(await sweepInvitationReminders(deps, new Date(at))).toEqual({ sent: 1 });
    expect(await sweepInvitationReminders(deps, new Date(at + 1000))).toEqual({ sent: 0 });
    const mails = await mailTo(t, invited.email);
    expect(mails).toHaveLength(2);
    // SMTP down: the attempt is counted and thrown (so the queue retries it); the reminder stays queued, not lost.
    const down = {
      kind: 'smtp' as const,
      deliver: () => Promise.reject(new Error('SMTP is down')),
      close: () => undefined,
    };
    const reminder = mails.at(-1)!;
    await expect(deliverStoredMail({ db: t.database.db, transport: down }, reminder.id)).rejects.toThrow(
      'SMTP is down',
    );
    const [failed] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, reminder.id));
    expect(failed).toMatchObject({ attempts: 1, deliveredAt: null, lastError: 'Error: SMTP is down' });

    // An invitation whose own e-mail failed is handed to the job as step 0 (the invitation text, not a reminder).
    const lost = await inviteNew();
    await t.database.db
      .update(invitations)
      .set({ remindersSent: 0, nextReminderAt: new Date(lost.createdAt) })
      .where(eq(invitations.id, lost.invitationId));
    await sweep(lost.createdAt + 60_000);
    const lostMails = await mailTo(t, lost.email);
    expect(lostMails.at(-1)?.subject).toBe(`You are invited to join ${org.name} on Touchline`);
    const [row] = await t.database.db.select().from(invitations).where(eq(invitations.id, lost.invitationId));
    expect(row?.nextReminderAt?.getTime()).toBe(lost.createdAt + 2 * day);
  });

  it('lets parallel sweeps (several servers) send each reminder once', async () => {
    const many = await Promise.all([inviteNew(), inviteNew(), inviteNew()]);
    const at = Math.max(...many.map((m) => m.createdAt)) + 2 * day;
    const results = await Promise.all([sweep(at), sweep(at), sweep(at)]);
    expect(results.reduce((n, r) => n + r.sent, 0)).toBeGreaterThanOrEqual(3);
    for (const m of many) expect(await mailTo(t, m.email)).toHaveLength(2);
  });
});
