import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/database.ts';
import type { DatabaseHandle } from './client.ts';
import { recordAuditEvent } from './audit.ts';
import { auditEvents, organizations } from './schema/index.ts';

describe('recordAuditEvent', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(() => handle.close());

  it('commits with the change it records', async () => {
    const orgId = await handle.db.transaction(async (tx) => {
      const [org] = await tx
        .insert(organizations)
        .values({ name: 'Audit FC' })
        .returning({ id: organizations.id });
      await recordAuditEvent(
        tx,
        { userId: null, requestId: 'r-1' },
        {
          organizationId: org!.id,
          action: 'organization.created',
          entityType: 'organization',
          entityId: org!.id,
          data: { name: 'Audit FC' },
        },
      );
      return org!.id;
    });
    const events = await handle.db.select().from(auditEvents).where(eq(auditEvents.organizationId, orgId));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      action: 'organization.created',
      entityType: 'organization',
      entityId: orgId,
      data: { name: 'Audit FC' },
      requestId: 'r-1',
    });
    expect(events[0]!.createdAt).toBeInstanceOf(Date);
  });

  it('rolls back with the change when the transaction fails', async () => {
    const orgId = crypto.randomUUID();
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.insert(organizations).values({ id: orgId, name: 'Rollback FC' });
        await recordAuditEvent(
          tx,
          { userId: null },
          {
            organizationId: orgId,
            action: 'organization.created',
            entityType: 'organization',
            entityId: orgId,
          },
        );
        throw new Error('later step failed');
      }),
    ).rejects.toThrow('later step failed');
    expect(
      await handle.db.select().from(auditEvents).where(eq(auditEvents.organizationId, orgId)),
    ).toHaveLength(0);
    expect(await handle.db.select().from(organizations).where(eq(organizations.id, orgId))).toHaveLength(0);
  });
});
