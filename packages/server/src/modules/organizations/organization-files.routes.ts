import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  fileUrlResponseSchema,
  organizationFileQuerySchema,
  organizationFileSchema,
  organizationIdParamsSchema,
  organizationPhotoRules,
} from '@touchline/contracts/organizations';
import type { AuditActor } from '../../db/audit.ts';
import { requireActorContext } from '../../authz/request-context.ts';
import { invalid } from '../../errors.ts';
import {
  deleteOrganizationFile,
  getOrganizationFile,
  getOrganizationFileUrl,
  openLinkedFile,
  uploadOrganizationFile,
  type Upload,
} from './organization-files.service.ts';

const fileError = (message: string) => invalid([{ field: 'file', in: 'body', message }], message);
const megabytes = organizationPhotoRules.maxBytes / (1024 * 1024);

/** Reads the one file of a multipart request into memory (5 MB at most), or refuses with a field error. */
async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) throw fileError('Send the file as multipart/form-data');
  const part = await request.file({ limits: { fileSize: organizationPhotoRules.maxBytes, files: 1 } });
  if (!part) throw fileError('Choose a file to upload');
  try {
    return { bytes: await part.toBuffer(), originalName: part.filename };
  } catch (err) {
    if (err instanceof request.server.multipartErrors.RequestFileTooLargeError)
      throw fileError(`The file is larger than ${megabytes} MB`);
    throw err;
  }
}

const auditActor = (request: FastifyRequest, ctx: { userId: string; profileId: string }): AuditActor => ({
  userId: ctx.userId,
  profileId: ctx.profileId,
  requestId: request.id,
});

/** GET, POST, DELETE {id}/file?purpose and GET {id}/file-url-with-token/?purpose (spec §7), plus the link target. */
export async function organizationFileRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const file = { params: organizationIdParamsSchema, querystring: organizationFileQuerySchema };
  routes.post(
    '/api/app/organization/:id/file',
    { schema: { ...file, response: { 201: organizationFileSchema } } },
    async (request, reply) => {
      const ctx = await requireActorContext(request);
      const stored = await uploadOrganizationFile(app, ctx, auditActor(request, ctx), {
        organizationId: request.params.id,
        purpose: request.query.purpose,
        read: () => readUpload(request),
      });
      return reply.status(201).send(stored);
    },
  );
  routes.get(
    '/api/app/organization/:id/file',
    { schema: { ...file, response: { 200: organizationFileSchema } } },
    async (request) =>
      getOrganizationFile(app, await requireActorContext(request), request.params.id, request.query.purpose),
  );
  routes.delete('/api/app/organization/:id/file', { schema: file }, async (request, reply) => {
    const ctx = await requireActorContext(request);
    await deleteOrganizationFile(app, ctx, auditActor(request, ctx), {
      organizationId: request.params.id,
      purpose: request.query.purpose,
    });
    return reply.status(204).send();
  });
  routes.get(
    '/api/app/organization/:id/file-url-with-token/',
    { schema: { ...file, response: { 200: fileUrlResponseSchema } } },
    async (request) =>
      getOrganizationFileUrl(
        app,
        await requireActorContext(request),
        request.params.id,
        request.query.purpose,
      ),
  );
  // The target of the expiring links: public, because an <img> cannot send a Bearer token; the token is the key.
  routes.get(
    '/api/files/:token',
    { config: { public: true }, schema: { params: z.object({ token: z.string().min(1).max(1000) }) } },
    async (request, reply) => {
      const file = await openLinkedFile(app, request.params.token, request.headers.range);
      const maxAge = Math.max(0, file.expiresAt - Math.floor(Date.now() / 1000));
      if (file.range)
        void reply
          .code(206)
          .header('content-range', `bytes ${file.range.start}-${file.range.end}/${file.byteSize}`);
      return reply
        .type(file.contentType)
        .header('accept-ranges', 'bytes')
        .header('content-length', file.range ? file.range.end - file.range.start + 1 : file.byteSize)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', `private, max-age=${maxAge}`)
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.originalName)}`)
        .send(file.stream);
    },
  );
}
