import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  as,
  baseOf,
  contentWorld,
  createDefinition,
  libraryState,
  type ContentWorld,
} from './content.test-kit.ts';

const url = '/api/app/content';

describe('changing and deleting a definition', () => {
  let w: ContentWorld;
  let waiverId: string;
  let otherId: string;
  const below = () => [w.divisionAdmin, w.director, w.manager];
  beforeAll(async () => {
    w = await contentWorld();
    waiverId = await createDefinition(w.t, w.admin, w.org.id, 'waiver', { text: 'Risks.' }, 'Waiver');
    otherId = await createDefinition(w.t, w.otherAdmin, w.other.id, 'waiver', { text: 'Other' }, 'Other');
  });
  afterAll(() => w.t.close());

  describe('PUT {id}/content-base', () => {
    const good = {
      ...baseOf('Waiver 2026'),
      validityMode: 'Annual',
      annualRenewalDate: '08-01',
      dueInDays: 14,
      reminderFrequency: 'Weekly',
    };
    it('answers 401, 404 for another organization, 403 below top-level admin, 400 bad input, changing nothing', async () => {
      const before = await libraryState(w.t, w.org.id);
      expect((await as(w.t, null).put(`${url}/${waiverId}/content-base`, good)).statusCode).toBe(401);
      expect((await as(w.t, w.admin).put(`${url}/${otherId}/content-base`, good)).statusCode).toBe(404);
      for (const who of below())
        expect((await as(w.t, who).put(`${url}/${waiverId}/content-base`, good)).statusCode).toBe(403);
      const bad = await as(w.t, w.admin).put(`${url}/${waiverId}/content-base`, {
        ...good,
        dueDate: '2027-01-01',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.validationErrors[0].field).toBe('dueInDays');
      expect(
        (
          await as(w.t, w.admin).put(`${url}/${waiverId}/content-base`, {
            ...good,
            reminderFrequency: 'Daily',
          })
        ).statusCode,
      ).toBe(400);
      expect(await libraryState(w.t, w.org.id)).toEqual(before);
    });

    it('changes the common fields and keeps the content', async () => {
      const res = await as(w.t, w.admin).put(`${url}/${waiverId}/content-base`, good);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        name: 'Waiver 2026',
        validityMode: 'Annual',
        annualRenewalDate: '08-01',
        dueInDays: 14,
        reminderFrequency: 'Weekly',
        content: { text: 'Risks.' },
      });
    });
  });

  describe('DELETE {id}', () => {
    it('answers 401, 404 for another organization, 403 below top-level admin, then soft-deletes', async () => {
      const before = await libraryState(w.t, w.org.id);
      expect((await as(w.t, null).delete(`${url}/${waiverId}`)).statusCode).toBe(401);
      expect((await as(w.t, w.admin).delete(`${url}/${otherId}`)).statusCode).toBe(404);
      for (const who of below())
        expect((await as(w.t, who).delete(`${url}/${waiverId}`)).statusCode).toBe(403);
      expect(await libraryState(w.t, w.org.id)).toEqual(before);
      expect((await as(w.t, w.admin).delete(`${url}/${waiverId}`)).statusCode).toBe(204);
      expect((await as(w.t, w.admin).get(`${url}/content-library/${waiverId}`)).statusCode).toBe(404);
      expect((await as(w.t, w.admin).delete(`${url}/${waiverId}`)).statusCode).toBe(404);
      const kept = (await libraryState(w.t, w.org.id)).definitions.find((d) => d.id === waiverId);
      expect(kept?.deletedAt).not.toBeNull();
    });
  });
});
