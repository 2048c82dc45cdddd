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
import { requireActorContext } from '../../authz/request-context.ts';
import { invalid } from '../../errors.ts';
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
  if (!request.isMultipart()) throw fileError('Send the file as multipart/form-data');
  const part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  if (!part) throw fileError('Choose a file to upload');
  try {
    return { bytes: await part.toBuffer(), originalName: part.filename };
  } catch (err) {
    if (err instanceof request.server.multipartErrors.RequestFileTooLargeError)
      throw fileError(`The file is larger than ${maxBytes / (1024 * 1024)} MB`);
    throw err;
  }
}

/** The content library of spec §7 "Content" (ADR 013). */
export async function contentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = contentIdParamsSchema;

  r.get(
    base,
    { schema: { querystring: contentListQuerySchema, response: { 200: contentListResponseSchema } } },
    async (request) => listContent(app, await requireActorContext(request), request.query.organizationId),
  );
  r.get(
    `${base}/content-library/:id`,
    { schema: { params, response: { 200: contentDefinitionSchema } } },
    async (request) => getDefinition(app, await requireActorContext(request), request.params.id),
  );
  r.put(
    `${base}/content-order`,
    { schema: { body: contentOrderBodySchema, response: noContent } },
    async (request, reply) => {
      await orderContent(app, await requireActorContext(request), request.body.ids, request.id);
      return reply.status(204).send(null);
    },
  );
  r.get(
    `${base}/name-list/:id`,
    { schema: { params, response: { 200: contentNameListResponseSchema } } },
    async (request) => contentNameList(app, await requireActorContext(request), request.params.id),
  );
  r.get(
    `${base}/:id/content-assignments`,
    { schema: { params, response: { 200: contentAssignmentsResponseSchema } } },
    async (request) => listAssignments(app, await requireActorContext(request), request.params.id),
  );
  r.put(
    `${base}/:id/content-base`,
    { schema: { params, body: contentBaseSchema, response: { 200: contentDefinitionSchema } } },
    async (request) =>
      updateContentBase(app, await requireActorContext(request), request.params.id, request.body, request.id),
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
      const ctx = await requireActorContext(request);
      const saved = await saveContent(app, ctx, { ...request.params, body: request.body }, request.id);
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
      getDefinitionContent(app, await requireActorContext(request), {
        ...request.params,
        plaId: request.query.plaId,
      }),
  );
  r.post(
    `${base}/content-:kind/:id/file`,
    { schema: { params: contentKindParamsSchema, response: { 201: contentFileSchema } } },
    async (request, reply) => {
      const ctx = await requireActorContext(request);
      const read = (maxBytes: number) => readUpload(request, maxBytes);
      return reply
        .status(201)
        .send(await uploadContentFile(app, ctx, { ...request.params, read }, request.id));
    },
  );
  r.post(
    `${base}/:id/assign-content`,
    {
      schema: { params, body: assignContentBodySchema, response: { 200: contentAssignmentsResponseSchema } },
    },
    async (request) =>
      assignContent(app, await requireActorContext(request), request.params.id, request.body, request.id),
  );
  r.delete(`${base}/:id`, { schema: { params, response: noContent } }, async (request, reply) => {
    await deleteDefinition(app, await requireActorContext(request), request.params.id, request.id);
    return reply.status(204).send(null);
  });
}
