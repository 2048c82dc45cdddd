import { describe, expect, it } from 'vitest';
import {
  acceptInvitationBodySchema,
  invitationNextStepSchema,
  invitationReminderDays,
  inviteMemberBodySchema,
} from './invitations.ts';

const level = '4c1f6a0e-8d4b-4a57-9d83-2a1f3c9b7e10';
const label = '0b6f0d4e-1111-4a57-9d83-2a1f3c9b7e10';

describe('invitation contracts', () => {
  it('reminds on days 0, 2, 4, 7 and 10, day 0 being the invitation itself', () => {
    expect(invitationReminderDays).toEqual([0, 2, 4, 7, 10]);
  });

  it('trims the invite form and treats an empty external id as none', () => {
    const parsed = inviteMemberBodySchema.parse({
      email: ' ava@example.org ',
      firstName: ' Ava ',
      lastName: 'Nguyen',
      hierarchyLevelId: level,
      labelId: label,
      externalId: '  ',
    });
    expect(parsed).toEqual({
      email: 'ava@example.org',
      firstName: 'Ava',
      lastName: 'Nguyen',
      hierarchyLevelId: level,
      labelId: label,
    });
    const missing = inviteMemberBodySchema.safeParse({ email: 'x', hierarchyLevelId: 'no', labelId: label });
    expect(missing.error?.issues.map((i) => i.message)).toEqual([
      'Enter a valid e-mail address',
      'Enter the first name',
      'Enter the last name',
      'Choose a level',
    ]);
  });

  it('reads the next step with the signup steps of §2, and accepts only a whole token', () => {
    expect(invitationNextStepSchema.parse({ step: 'login', email: 'a@b.org' }).step).toBe('login');
    expect(invitationNextStepSchema.safeParse({ step: 'somewhere' }).success).toBe(false);
    expect(acceptInvitationBodySchema.safeParse({ token: 'short' }).success).toBe(false);
    expect(acceptInvitationBodySchema.safeParse({ token: 'a'.repeat(43) }).success).toBe(true);
  });
});
