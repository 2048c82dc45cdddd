import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contentDefinitionSchema,
  contentListResponseSchema,
  contentOrderMismatchMessage,
  definitionContentResponseSchema,
} from '@touchline/contracts/content';
import { requirementTypeTable } from '@touchline/contracts/requirement-types';
import { auditEvents, formVersions } from '../../db/schema/index.ts';
import {
  as,
  baseOf,
  contentWorld,
  createDefinition,
  libraryState,
  sampleForm,
  type ContentWorld,
} from './content.test-kit.ts';

const url = '/api/app/content';
const contentFor = (slug: string): object =>
  ({
    document: { linkUrl: 'https://example.org/form.pdf' },
    form: sampleForm,
    waiver: { text: 'I accept the risks.' },
    video: { url: 'https://example.org/v.mp4', requiredWatchedPercent: 80 },
    'custom-training': { trainingUrl: 'https://training.example.org', certificateRequired: true },
  })[slug] ?? {};

describe('the content library', () => {
  let w: ContentWorld;
  let waiverId: string;
  let formId: string;
  let otherId: string;
  const below = () => [w.divisionAdmin, w.director, w.manager];
  beforeAll(async () => {
    w = await contentWorld();
    waiverId = await createDefinition(w.t, w.admin, w.org.id, 'waiver', { text: 'Risks.' }, 'Waiver');
    formId = await createDefinition(w.t, w.admin, w.org.id, 'form', sampleForm, 'Medical form');
    otherId = await createDefinition(w.t, w.otherAdmin, w.other.id, 'waiver', { text: 'Other' }, 'Other');
  });
  afterAll(() => w.t.close());

  describe('POST content-{kind}/{id}', () => {
    it('answers 401, 404 for another organization, 403 below top-level admin, creating nothing', async () => {
      const before = await libraryState(w.t, w.org.id);
      const body = { base: baseOf('X'), content: { text: 'x' } };
      expect((await as(w.t, null).post(`${url}/content-waiver/${w.org.id}`, body)).statusCode).toBe(401);
      expect((await as(w.t, w.admin).post(`${url}/content-waiver/${w.other.id}`, body)).statusCode).toBe(404);
      expect((await as(w.t, w.admin).post(`${url}/content-waiver/${otherId}`, body)).statusCode).toBe(404);
      for (const who of below())
        expect((await as(w.t, who).post(`${url}/content-waiver/${w.org.id}`, body)).statusCode).toBe(403);
      expect(await libraryState(w.t, w.org.id)).toEqual(before);
    });

    it('answers 400 with field errors for bad base or content, and an unknown kind', async () => {
      const before = await libraryState(w.t, w.org.id);
      const cases: [string, object, string][] = [
        ['waiver', { base: baseOf(''), content: { text: 'x' } }, 'base.name'],
        ['waiver', { content: { text: 'x' } }, 'base'],
        [
          'waiver',
          { base: { ...baseOf('x'), validityMode: 'Duration' }, content: { text: 'x' } },
          'base.validityDays',
        ],
        [
          'waiver',
          { base: { ...baseOf('x'), validityMode: 'Duration', validityDays: 4000 }, content: { text: 'x' } },
          'base.validityDays',
        ],
        [
          'waiver',
          {
            base: { ...baseOf('x'), validityMode: 'Annual', annualRenewalDate: '13-01' },
            content: { text: 'x' },
          },
          'base.annualRenewalDate',
        ],
        ['waiver', { base: baseOf('x'), content: { text: '' } }, 'content.text'],
        [
          'document',
          { base: baseOf('x'), content: { linkUrl: 'http://insecure.example' } },
          'content.linkUrl',
        ],
        [
          'video',
          { base: baseOf('x'), content: { url: 'https://v.example', requiredWatchedPercent: 40 } },
          'content.requiredWatchedPercent',
        ],
        ['video', { base: baseOf('x'), content: {} }, 'content.url'],
        [
          'custom-training',
          { base: baseOf('x'), content: { trainingUrl: 'ftp://x' } },
          'content.trainingUrl',
        ],
        ['form', { base: baseOf('x'), content: { fields: [] } }, 'content.fields'],
        [
          'form',
          { base: baseOf('x'), content: { fields: [{ id: 'a', label: 'A', kind: 'select' }] } },
          'content.fields.0.options',
        ],
        [
          'form',
          {
            base: baseOf('x'),
            content: {
              fields: [{ id: 'a', label: 'A', kind: 'text', visibleWhen: { fieldId: 'a', equals: 'x' } }],
            },
          },
          'content.fields.0.visibleWhen.fieldId',
        ],
        [
          'document',
          { base: baseOf('x'), content: { templateFileId: crypto.randomUUID() } },
          'content.templateFileId',
        ],
      ];
      for (const [kind, body, field] of cases) {
        const res = await as(w.t, w.admin).post(`${url}/content-${kind}/${w.org.id}`, body);
        expect(res.statusCode, `${kind} ${field}`).toBe(400);
        expect(res.json().error.validationErrors.map((e: { field: string }) => e.field)).toContain(field);
      }
      expect(
        (
          await as(w.t, w.admin).post(`${url}/content-nothing/${w.org.id}`, {
            base: baseOf('x'),
            content: {},
          })
        ).statusCode,
      ).toBe(400);
      const wrongKind = await as(w.t, w.admin).post(`${url}/content-video/${waiverId}`, {
        content: { url: 'https://v.example' },
      });
      expect(wrongKind.statusCode).toBe(400);
      expect(await libraryState(w.t, w.org.id)).toEqual(before);
    });

    it('creates a definition of each of the 12 types, last in the order, audited', async () => {
      for (const row of requirementTypeTable) {
        const res = await as(w.t, w.admin).post(`${url}/content-${row.slug}/${w.org.id}`, {
          base: baseOf(`All types ${row.label}`),
          content: contentFor(row.slug),
        });
        expect(res.statusCode, row.slug).toBe(201);
        const def = contentDefinitionSchema.parse(res.json());
        expect(def).toMatchObject({
          type: row.no,
          name: `All types ${row.label}`,
          expiringSoonDays: 30,
          canManage: true,
        });
      }
      const list = contentListResponseSchema.parse(
        (await as(w.t, w.admin).get(`${url}?organizationId=${w.org.id}`)).json(),
      );
      expect(list.items.at(-1)?.name).toBe('All types US Soccer License');
      const events = await w.t.database.db
        .select({ action: auditEvents.action })
        .from(auditEvents)
        .where(and(eq(auditEvents.organizationId, w.org.id), eq(auditEvents.action, 'content.created')));
      expect(events.length).toBeGreaterThanOrEqual(14);
    });

    it('updates content with a definition id and keeps every form version', async () => {
      const changed = {
        fields: [
          ...sampleForm.fields,
          { id: 'size', label: 'Shirt size', kind: 'select', options: ['S', 'M'] },
        ],
      };
      const res = await as(w.t, w.admin).post(`${url}/content-form/${formId}`, { content: changed });
      expect(res.statusCode).toBe(200);
      expect(contentDefinitionSchema.parse(res.json()).formVersion?.version).toBe(2);
      const same = await as(w.t, w.admin).post(`${url}/content-form/${formId}`, { content: changed });
      expect(same.json().formVersion.version).toBe(2);
      const versions = await w.t.database.db
        .select()
        .from(formVersions)
        .where(eq(formVersions.definitionId, formId));
      expect(versions.map((v) => v.version).sort()).toEqual([1, 2]);
      expect(versions.find((v) => v.version === 1)?.fields).toEqual(
        sampleForm.fields.map((f) => ({ ...f, required: f.required })),
      );
    });
  });

  describe('GET ?organizationId, content-library/{id}, content-{kind}/{id}, name-list/{id}', () => {
    it('answer 401, 404 for another organization, 403 below admin level', async () => {
      const paths = [
        `${url}?organizationId=${w.org.id}`,
        `${url}/content-library/${formId}`,
        `${url}/content-form/${formId}`,
        `${url}/name-list/${w.org.id}`,
      ];
      for (const path of paths) {
        expect((await as(w.t, null).get(path)).statusCode).toBe(401);
        expect((await as(w.t, w.otherAdmin).get(path)).statusCode, path).toBe(404);
        expect((await as(w.t, w.director).get(path)).statusCode).toBe(403);
        expect((await as(w.t, w.manager).get(path)).statusCode).toBe(403);
      }
      expect((await as(w.t, w.admin).get(`${url}?organizationId=nope`)).statusCode).toBe(400);
      expect((await as(w.t, w.admin).get(`${url}/content-waiver/${formId}`)).statusCode).toBe(404);
    });

    it('answer the library in order, a definition with content, its content and the name list', async () => {
      const list = contentListResponseSchema.parse(
        (await as(w.t, w.divisionAdmin).get(`${url}?organizationId=${w.org.id}`)).json(),
      );
      expect(list.items.slice(0, 2).map((i) => i.name)).toEqual(['Waiver', 'Medical form']);
      expect(list.canManage).toBe(false);
      const def = contentDefinitionSchema.parse(
        (await as(w.t, w.admin).get(`${url}/content-library/${waiverId}`)).json(),
      );
      expect(def).toMatchObject({
        type: 2,
        content: { text: 'Risks.', requireTypedName: true },
        assignments: [],
      });
      const content = definitionContentResponseSchema.parse(
        (await as(w.t, w.admin).get(`${url}/content-form/${formId}`)).json(),
      );
      expect(content.formVersion?.version).toBe(2);
      const names = (await as(w.t, w.admin).get(`${url}/name-list/${w.org.id}`)).json();
      expect(names.items[0]).toEqual({ id: waiverId, name: 'Waiver', type: 2 });
      expect(JSON.stringify(names)).not.toContain(otherId);
    });
  });

  describe('PUT content-order', () => {
    it('answers 401, 403 below top-level admin, 400 unless every definition is named once, then orders', async () => {
      const ids = (await as(w.t, w.admin).get(`${url}/name-list/${w.org.id}`))
        .json()
        .items.map((i: { id: string }) => i.id) as string[];
      const reversed = [...ids].reverse();
      const before = await libraryState(w.t, w.org.id);
      expect((await as(w.t, null).put(`${url}/content-order`, { ids: reversed })).statusCode).toBe(401);
      for (const who of below())
        expect((await as(w.t, who).put(`${url}/content-order`, { ids: reversed })).statusCode).toBe(403);
      for (const bad of [ids.slice(1), [...ids, otherId], [...ids.slice(1), ids[1]], ['x']]) {
        const res = await as(w.t, w.admin).put(`${url}/content-order`, { ids: bad });
        expect(res.statusCode).toBe(400);
      }
      const mismatch = await as(w.t, w.admin).put(`${url}/content-order`, { ids: ids.slice(1) });
      expect(mismatch.json().error.validationErrors).toEqual([
        { field: 'ids', in: 'body', message: contentOrderMismatchMessage },
      ]);
      expect(await libraryState(w.t, w.org.id)).toEqual(before);
      expect((await as(w.t, w.admin).put(`${url}/content-order`, { ids: reversed })).statusCode).toBe(204);
      const after = (await as(w.t, w.admin).get(`${url}/name-list/${w.org.id}`))
        .json()
        .items.map((i: { id: string }) => i.id);
      expect(after).toEqual(reversed);
    });
  });
});
