import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { ReviewSource } from '@touchline/contracts/reviews';
import { type TestMember } from '../../../test/factories.ts';
import { requirementFiles } from '../../db/schema/index.ts';
import { multipart, pdfBytes } from '../requirements/requirement-actions.test-support.ts';
import {
  at,
  base,
  definitionId,
  genericId,
  people,
  requirementOf,
  t,
  useBackgroundCheckWorld,
} from './background-check.test-support.ts';

useBackgroundCheckWorld();

describe('a Generic vendor: the report is uploaded and reviewed', () => {
  const upload = (who: TestMember | null, definition: string, plaOf: TestMember, data: Buffer | null) => {
    const body = multipart(
      data ? [{ name: 'file', filename: 'report.pdf', contentType: 'application/pdf', data }] : [],
    );
    return t.app.inject({
      method: 'POST',
      url: at(definition, 'upload-background-check-report', plaOf),
      headers: { ...(who ? who.auth : {}), ...body.headers },
      payload: body.payload,
    });
  };

  it('upload: 401, 404 other organization, 403 another member or a manager, 400 without a file, 409 for a vendor-run check; then ManualUpload review', async () => {
    const who = people.teammate;
    expect((await upload(null, genericId, who, pdfBytes)).statusCode).toBe(401);
    expect((await upload(people.otherAdmin, genericId, who, pdfBytes)).statusCode).toBe(404);
    expect((await upload(people.clear, genericId, who, pdfBytes)).statusCode).toBe(403);
    expect((await upload(people.manager, genericId, who, pdfBytes)).statusCode).toBe(403);
    expect((await upload(who, genericId, who, null)).statusCode).toBe(400);
    expect((await upload(who, definitionId, who, pdfBytes)).statusCode).toBe(409);
    const done = await upload(who, genericId, who, pdfBytes);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      status: RequirementStatus.PendingReview,
      files: [{ role: 'background-check-report' }],
    });
    expect(await requirementOf(who, genericId)).toMatchObject({ reviewSource: ReviewSource.ManualUpload });
  });

  it('remove: the member only while it is open (409 in review), a director whenever; 404 for another file', async () => {
    const who = people.teammate;
    const view = await upload(who, genericId, who, pdfBytes);
    expect(view.statusCode).toBe(409);
    const [file] = await t.database.db
      .select({ id: requirementFiles.id })
      .from(requirementFiles)
      .where(
        and(
          eq(requirementFiles.memberRequirementId, (await requirementOf(who, genericId)).id),
          isNull(requirementFiles.deletedAt),
        ),
      );
    const fileId = file!.id;
    const remove = (by: TestMember | null, id = fileId) =>
      t.app.inject({
        method: 'DELETE',
        url: `${base}/${genericId}/background-check-report-uploaded/${id}?plaId=${who.profileLevelAccessId}`,
        headers: by ? by.auth : {},
      });
    expect((await remove(null)).statusCode).toBe(401);
    expect((await remove(people.otherAdmin)).statusCode).toBe(404);
    expect((await remove(people.manager)).statusCode).toBe(403);
    expect((await remove(who)).statusCode).toBe(409);
    expect((await remove(people.director, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const removed = await remove(people.director);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().files).toEqual([]);
  });
});
