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
import { requireRequestContext } from '../../authz/request-context.ts';
import { invalid } from '../../errors.ts';
import { readMultipartFiles } from '../../storage/multipart-reader.ts';
import { inlineContentTypes } from '../../storage/upload-check.ts';
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
  const [part] = await readMultipartFiles(request, {
    field: 'file',
    maxFileBytes: organizationPhotoRules.maxBytes,
    maxFiles: 1,
    messages: {
      notMultipart: 'Send the file as multipart/form-data',
      missing: 'Choose a file to upload',
      fileTooLarge: `The file is larger than ${megabytes} MB`,
    },
  });
  if (!part) throw fileError('Choose a file to upload');
  return { bytes: part.bytes, originalName: part.fileName };
}

/** Only PDF and images are shown in place; anything else (text, CSV, XML, archives) downloads as a file. */
const disposition = (contentType: string) =>
  inlineContentTypes.includes(contentType.split(';')[0]?.trim().toLowerCase() ?? '')
    ? 'inline'
    : 'attachment';

/** GET, POST, DELETE {id}/file?purpose and GET {id}/file-url-with-token/?purpose (spec §7), plus the link target. */
export async function organizationFileRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const file = { params: organizationIdParamsSchema, querystring: organizationFileQuerySchema };
  routes.post(
    '/api/app/organization/:id/file',
    { schema: { ...file, response: { 201: organizationFileSchema } } },
    async (request, reply) => {
      const ctx = await requireRequestContext(request);
      const stored = await uploadOrganizationFile(app.deps, ctx, {
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
      getOrganizationFile(app.deps, await requireRequestContext(request), {
        organizationId: request.params.id,
        purpose: request.query.purpose,
      }),
  );
  routes.delete('/api/app/organization/:id/file', { schema: file }, async (request, reply) => {
    const ctx = await requireRequestContext(request);
    await deleteOrganizationFile(app.deps, ctx, {
      organizationId: request.params.id,
      purpose: request.query.purpose,
    });
    return reply.status(204).send();
  });
  routes.get(
    '/api/app/organization/:id/file-url-with-token/',
    { schema: { ...file, response: { 200: fileUrlResponseSchema } } },
    async (request) =>
      getOrganizationFileUrl(app.deps, await requireRequestContext(request), {
        organizationId: request.params.id,
        purpose: request.query.purpose,
      }),
  );
  // The target of the expiring links: public, because an <img> cannot send a Bearer token; the token is the key.
  routes.get(
    '/api/files/:token',
    {
      config: { public: true },
      // Sent as stored: its ranges and length refer to the file's own bytes.
      compress: false,
      schema: { params: z.object({ token: z.string().min(1).max(1000) }) },
    },
    async (request, reply) => {
      const file = await openLinkedFile(app.deps, request.params.token, request.headers.range);
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
        .header('content-security-policy', "sandbox; default-src 'none'")
        .header(
          'content-disposition',
          `${disposition(file.contentType)}; filename*=UTF-8''${encodeURIComponent(file.originalName)}`,
        )
        .send(file.stream);
    },
  );
}
