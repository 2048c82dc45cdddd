import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assignContentBodySchema,
  contentAssignmentsResponseSchema,
  contentBaseSchema,
  contentDefinitionSchema,
  contentFileSchema,
  contentIdParamsSchema,
  contentKindParamsSchema,
  contentListQuerySchema,
  contentListResponseSchema,
  contentNameListResponseSchema,
  contentOrderBodySchema,
  saveContentBodySchema,
} from '@touchline/contracts/content';
import {
  memberContentQuerySchema,
  memberContentResponseSchema,
} from '@touchline/contracts/requirement-completion';
import { requireRequestContext } from '../../authz/request-context.ts';
import { invalid } from '../../errors.ts';
import { readMultipartFiles } from '../../storage/multipart-reader.ts';
import { assignContent, listAssignments } from './content-assign.service.ts';
import { uploadContentFile, type ContentUpload } from './content-files.service.ts';
import {
  contentNameList,
  deleteDefinition,
  getDefinition,
  getDefinitionContent,
  listContent,
  orderContent,
  saveContent,
  updateContentBase,
} from './content.service.ts';

const base = '/api/app/content';
const noContent = { 204: z.null() };
const fileError = (message: string) => invalid([{ field: 'file', in: 'body', message }], message);

/** Reads the one file of a multipart request into memory, up to the given size, or refuses with a field error. */
async function readUpload(request: FastifyRequest, maxBytes: number): Promise<ContentUpload> {
  const [part] = await readMultipartFiles(request, {
    field: 'file',
    maxFileBytes: maxBytes,
    maxFiles: 1,
    messages: {
      notMultipart: 'Send the file as multipart/form-data',
      missing: 'Choose a file to upload',
      fileTooLarge: `The file is larger than ${maxBytes / (1024 * 1024)} MB`,
    },
  });
  if (!part) throw fileError('Choose a file to upload');
  return { bytes: part.bytes, originalName: part.fileName };
}

/** The content library of spec §7 "Content" (ADR 013). */
export async function contentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = contentIdParamsSchema;

  r.get(
    base,
    { schema: { querystring: contentListQuerySchema, response: { 200: contentListResponseSchema } } },
    async (request) => listContent(app.deps, await requireRequestContext(request), request.query),
  );
  r.get(
    `${base}/content-library/:id`,
    { schema: { params, response: { 200: contentDefinitionSchema } } },
    async (request) => getDefinition(app.deps, await requireRequestContext(request), request.params),
  );
  r.put(
    `${base}/content-order`,
    { schema: { body: contentOrderBodySchema, response: noContent } },
    async (request, reply) => {
      await orderContent(app.deps, await requireRequestContext(request), request.body);
      return reply.status(204).send(null);
    },
  );
  r.get(
    `${base}/name-list/:id`,
    { schema: { params, response: { 200: contentNameListResponseSchema } } },
    async (request) =>
      contentNameList(app.deps, await requireRequestContext(request), { organizationId: request.params.id }),
  );
  r.get(
    `${base}/:id/content-assignments`,
    { schema: { params, response: { 200: contentAssignmentsResponseSchema } } },
    async (request) => listAssignments(app.deps, await requireRequestContext(request), request.params),
  );
  r.put(
    `${base}/:id/content-base`,
    { schema: { params, body: contentBaseSchema, response: { 200: contentDefinitionSchema } } },
    async (request) =>
      updateContentBase(app.deps, await requireRequestContext(request), {
        ...request.body,
        id: request.params.id,
      }),
  );
  r.post(
    `${base}/content-:kind/:id`,
    {
      schema: {
        params: contentKindParamsSchema,
        body: saveContentBodySchema,
        response: { 200: contentDefinitionSchema, 201: contentDefinitionSchema },
      },
    },
    async (request, reply) => {
      const ctx = await requireRequestContext(request);
      const saved = await saveContent(app.deps, ctx, { ...request.params, body: request.body });
      return reply.status(saved.created ? 201 : 200).send(saved.definition);
    },
  );
  r.get(
    `${base}/content-:kind/:id`,
    {
      schema: {
        params: contentKindParamsSchema,
        querystring: memberContentQuerySchema,
        response: { 200: memberContentResponseSchema },
      },
    },
    async (request) =>
      getDefinitionContent(app.deps, await requireRequestContext(request), {
        ...request.params,
        plaId: request.query.plaId,
      }),
  );
  r.post(
    `${base}/content-:kind/:id/file`,
    { schema: { params: contentKindParamsSchema, response: { 201: contentFileSchema } } },
    async (request, reply) => {
      const ctx = await requireRequestContext(request);
      const read = (maxBytes: number) => readUpload(request, maxBytes);
      return reply.status(201).send(await uploadContentFile(app.deps, ctx, { ...request.params, read }));
    },
  );
  r.post(
    `${base}/:id/assign-content`,
    {
      schema: { params, body: assignContentBodySchema, response: { 200: contentAssignmentsResponseSchema } },
    },
    async (request) =>
      assignContent(app.deps, await requireRequestContext(request), {
        ...request.body,
        id: request.params.id,
      }),
  );
  r.delete(`${base}/:id`, { schema: { params, response: noContent } }, async (request, reply) => {
    await deleteDefinition(app.deps, await requireRequestContext(request), request.params);
    return reply.status(204).send(null);
  });
}
