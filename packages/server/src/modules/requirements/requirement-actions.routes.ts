import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  completeFormBodySchema,
  completeWaiverBodySchema,
  completedDateTimeBodySchema,
  completeWithoutUploadBodySchema,
  markIncompleteBodySchema,
  filesToViewResponseSchema,
  formFileQuerySchema,
  requirementActionResultSchema,
  requirementFileLinkSchema,
  requirementFileSchema,
  requirementMemberQuerySchema,
  signedWaiverSchema,
  trainingUrlSchema,
  videoProgressBodySchema,
  videoProgressResultSchema,
} from '@touchline/contracts/requirement-completion';
import { requireRequestContext } from '../../authz/request-context.ts';
import {
  completeForm,
  completeVideo,
  completeWaiver,
  completeWithoutUpload,
  markIncomplete,
  setCompletedDateTime,
  takeCustomTraining,
} from './requirement-actions.service.ts';
import {
  downloadFile,
  downloadFileArchive,
  extensionContentFile,
  filesToView,
} from './requirement-downloads.service.ts';
import {
  completeDocument,
  deleteAttachment,
  uploadFormFile,
  uploadTrainingCertificate,
} from './requirement-files.service.ts';
import { readUploads } from '../../requirement-core/requirement-upload.ts';
import { signedWaiver, signedWaiverPdf } from './waiver-pdf.ts';

const base = '/api/app/requirement';
const id = z.uuid('Not an id');
const byQuery = { params: z.object({ id }), querystring: requirementMemberQuerySchema };
const byPath = { params: z.object({ id, plaId: id }) };
const fileParams = { params: z.object({ id, fileId: id }), querystring: requirementMemberQuerySchema };
const result = { 200: requirementActionResultSchema };
/**
 * The member actions on requirements (spec §7 "Requirements", ADR 014): `{id}` is the definition, `plaId` the
 * member — a path segment where the spec's call has `{plaId}`, the `plaId` query otherwise.
 */
export async function requirementActionRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const ref = (req: { params: { id: string } }, plaId: string) => ({ definitionId: req.params.id, plaId });

  routes.post(`${base}/:id/complete-document`, { schema: { ...byQuery, response: result } }, async (req) =>
    completeDocument(app.deps, await requireRequestContext(req), {
      ...ref(req, req.query.plaId),
      read: () => readUploads(req),
    }),
  );
  routes.post(
    `${base}/:id/upload-custom-training-certificate`,
    { schema: { ...byQuery, response: result } },
    async (req) =>
      uploadTrainingCertificate(app.deps, await requireRequestContext(req), {
        ...ref(req, req.query.plaId),
        read: () => readUploads(req),
      }),
  );
  routes.post(
    `${base}/:id/content-form-file`,
    {
      schema: {
        params: z.object({ id }),
        querystring: formFileQuerySchema,
        response: { 201: requirementFileSchema },
      },
    },
    async (req, reply) => {
      const file = await uploadFormFile(app.deps, await requireRequestContext(req), {
        ...ref(req, req.query.plaId),
        fieldId: req.query.fieldId,
        read: () => readUploads(req),
      });
      return reply.status(201).send(file);
    },
  );
  for (const [path, kind] of [
    ['delete-document-attachment', 'document'],
    ['delete-form-attachment', 'form-attachment'],
    ['delete-custom-training-certificate', 'certificate'],
  ] as const)
    routes.delete(
      `${base}/:id/${path}/:fileId`,
      { schema: { ...fileParams, response: result } },
      async (req) =>
        deleteAttachment(app.deps, await requireRequestContext(req), {
          ...ref(req, req.query.plaId),
          fileId: req.params.fileId,
          kind,
        }),
    );
  routes.post(
    `${base}/:id/complete-form`,
    { schema: { ...byQuery, body: completeFormBodySchema, response: result } },
    async (req) =>
      completeForm(app.deps, await requireRequestContext(req), {
        ...ref(req, req.query.plaId),
        body: req.body,
      }),
  );
  routes.post(
    `${base}/:id/complete-waiver`,
    { schema: { ...byQuery, body: completeWaiverBodySchema, response: result } },
    async (req) =>
      completeWaiver(app.deps, await requireRequestContext(req), {
        ...ref(req, req.query.plaId),
        body: req.body,
        ipAddress: req.ip ?? null,
      }),
  );
  routes.get(
    `${base}/:id/waiver/view`,
    { schema: { ...byQuery, response: { 200: signedWaiverSchema } } },
    async (req) =>
      signedWaiver(app.deps, await requireRequestContext(req), {
        ...ref(req, req.query.plaId),
        action: 'view',
      }),
  );
  routes.get(`${base}/:id/waiver/download`, { schema: byQuery }, async (req, reply) => {
    const ctx = await requireRequestContext(req);
    const waiver = await signedWaiver(app.deps, ctx, { ...ref(req, req.query.plaId), action: 'download' });
    const name = `${waiver.waiverName}-${waiver.memberName}.pdf`.replace(/[^A-Za-z0-9.-]+/g, '_');
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(await signedWaiverPdf(waiver));
  });
  routes.post(
    `${base}/:id/complete-video`,
    { schema: { ...byQuery, body: videoProgressBodySchema, response: { 200: videoProgressResultSchema } } },
    async (req) =>
      completeVideo(app.deps, await requireRequestContext(req), {
        ...ref(req, req.query.plaId),
        body: req.body,
      }),
  );
  routes.post(
    `${base}/:id/take-custom-training`,
    { schema: { ...byQuery, response: { 200: trainingUrlSchema } } },
    async (req) => takeCustomTraining(app.deps, await requireRequestContext(req), ref(req, req.query.plaId)),
  );
  routes.post(
    `${base}/:id/complete-without-upload/:plaId`,
    { schema: { ...byPath, body: completeWithoutUploadBodySchema, response: result } },
    async (req) =>
      completeWithoutUpload(app.deps, await requireRequestContext(req), {
        ...ref(req, req.params.plaId),
        body: req.body,
      }),
  );
  routes.post(
    `${base}/:id/mark-incomplete/:plaId`,
    { schema: { ...byPath, body: markIncompleteBodySchema, response: result } },
    async (req) =>
      markIncomplete(app.deps, await requireRequestContext(req), {
        ...ref(req, req.params.plaId),
        note: req.body?.note,
      }),
  );
  routes.patch(
    `${base}/:id/completed-date-time/:plaId`,
    { schema: { ...byPath, body: completedDateTimeBodySchema, response: result } },
    async (req) =>
      setCompletedDateTime(app.deps, await requireRequestContext(req), {
        ...ref(req, req.params.plaId),
        body: req.body,
      }),
  );
  routes.get(
    `${base}/:id/files-to-view`,
    { schema: { ...byQuery, response: { 200: filesToViewResponseSchema } } },
    async (req) => filesToView(app.deps, await requireRequestContext(req), ref(req, req.query.plaId)),
  );
  routes.get(
    `${base}/:id/download-file/:fileId`,
    { schema: { ...fileParams, response: { 200: requirementFileLinkSchema } } },
    async (req) =>
      downloadFile(app.deps, await requireRequestContext(req), {
        ...ref(req, req.query.plaId),
        fileId: req.params.fileId,
      }),
  );
  routes.get(
    `${base}/:id/extension-content-file`,
    { schema: { ...byQuery, response: { 200: requirementFileLinkSchema } } },
    async (req) =>
      extensionContentFile(app.deps, await requireRequestContext(req), ref(req, req.query.plaId)),
  );
  routes.get(
    `${base}/download-file-archive`,
    { schema: { querystring: requirementMemberQuerySchema } },
    async (req, reply) => {
      const archive = await downloadFileArchive(app.deps, await requireRequestContext(req), {
        plaId: req.query.plaId,
      });
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${archive.fileName}"`)
        .send(archive.stream);
    },
  );
}
