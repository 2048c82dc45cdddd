import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  incidentListQuerySchema,
  incidentListSchema,
  incidentPeopleQuerySchema,
  incidentPeopleSchema,
  incidentSchema,
  reportIncidentBodySchema,
  updateIncidentBodySchema,
} from '@touchline/contracts/incidents';
import {
  conditionListSchema,
  conditionSchema,
  restrictedMembersQuerySchema,
  restrictedMembersSchema,
  saveConditionBodySchema,
  updateConditionBodySchema,
} from '@touchline/contracts/conditions';
import {
  addIncidentTypeBodySchema,
  archiveIncidentTypeBodySchema,
  incidentSettingsSchema,
  ownIncidentTypeSchema,
  ownIncidentTypesSchema,
} from '@touchline/contracts/incident-settings';
import { requirementUploadLimits } from '@touchline/contracts/requirement-completion';
import { requireRequestContext } from '../../authz/request-context.ts';
import { invalid } from '../../errors.ts';
import { readMultipartFiles } from '../../storage/multipart-reader.ts';
import { checkFileType, inlineContentTypes, safeFileName } from '../../storage/upload-check.ts';
import { listConditions, saveCondition, updateCondition } from './conditions.service.ts';
import { readClearance, submitClearance, type CheckedFileUpload } from './condition-clearance.service.ts';
import { incidentPeople } from './incident-people.service.ts';
import { restrictedMembers } from './restricted-members.service.ts';
import {
  addIncidentType,
  archiveIncidentType,
  getIncidentSettings,
  listOwnIncidentTypes,
  putIncidentSettings,
} from './incident-settings.service.ts';
import { readIncidentDocument, uploadIncidentDocuments } from './incident-documents.service.ts';
import { listIncidents } from './incidents-list.service.ts';
import { getIncident, reportIncident, updateIncident } from './incidents.service.ts';

const base = '/api/app/incident';
const incidentParams = z.object({ id: z.uuid('Not an incident id') });
const profileParams = z.object({ id: z.uuid('Not a profile id') });
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** Reads the multipart files of an upload and checks each under the shared acceptance rule (ADR 020). */
async function readChecked(request: FastifyRequest, maxFiles: number): Promise<CheckedFileUpload[]> {
  const { fileBytes, requestBytes } = requirementUploadLimits;
  const parts = await readMultipartFiles(request, {
    field: 'file',
    maxFileBytes: fileBytes,
    maxFiles,
    maxTotalBytes: requestBytes,
    messages: {
      notMultipart: 'Send the files as multipart/form-data',
      missing: 'Choose a file to upload',
      fileTooLarge: `A file is larger than ${mb(fileBytes)}`,
      tooManyFiles: `Send at most ${maxFiles} files at once`,
      totalTooLarge: `The files together are larger than ${mb(requestBytes)}`,
    },
  });
  const checked: CheckedFileUpload[] = [];
  for (const part of parts) {
    const originalName = safeFileName(part.fileName);
    const result = await checkFileType(part.bytes, originalName);
    if ('refused' in result)
      throw invalid([{ field: 'file', in: 'body', message: result.refused }], result.refused);
    checked.push({ bytes: part.bytes, originalName, contentType: result.contentType });
  }
  return checked;
}

/** Sends a stored file as the blob the spec says (inline for images and PDF, else as an attachment). */
function sendBlob(
  reply: FastifyReply,
  file: { stream: NodeJS.ReadableStream; contentType: string; originalName: string; byteSize: number },
) {
  const inline = inlineContentTypes.includes(file.contentType);
  return reply
    .type(file.contentType)
    .header('content-length', file.byteSize)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .header('content-security-policy', "sandbox; default-src 'none'")
    .header(
      'content-disposition',
      `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.originalName)}`,
    )
    .send(file.stream);
}

/** The spec's incident calls (§7 "Incidents") and the profile's condition calls (§7 "Profile"), ADR 040. */
export async function incidentRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    `${base}/incidents`,
    { schema: { querystring: incidentListQuerySchema, response: { 200: incidentListSchema } } },
    async (req) => listIncidents(app.deps, await requireRequestContext(req), req.query),
  );
  routes.get(
    `${base}/people`,
    { schema: { querystring: incidentPeopleQuerySchema, response: { 200: incidentPeopleSchema } } },
    async (req) => incidentPeople(app.deps, await requireRequestContext(req), req.query.hierarchyLevelId),
  );
  routes.post(
    `${base}/incident`,
    { schema: { body: reportIncidentBodySchema, response: { 201: incidentSchema } } },
    async (req, reply) =>
      reply.status(201).send(await reportIncident(app.deps, await requireRequestContext(req), req.body)),
  );
  routes.get(
    `${base}/:id/incident`,
    { schema: { params: incidentParams, response: { 200: incidentSchema } } },
    async (req) => getIncident(app.deps, await requireRequestContext(req), req.params.id),
  );
  routes.put(
    `${base}/:id/incident`,
    { schema: { params: incidentParams, body: updateIncidentBodySchema, response: { 200: incidentSchema } } },
    async (req) => updateIncident(app.deps, await requireRequestContext(req), req.params.id, req.body),
  );
  routes.post(
    `${base}/:id/incident-document`,
    { schema: { params: incidentParams, response: { 201: incidentSchema } } },
    async (req, reply) =>
      reply.status(201).send(
        await uploadIncidentDocuments(app.deps, await requireRequestContext(req), {
          incidentId: req.params.id,
          read: () => readChecked(req, requirementUploadLimits.files),
        }),
      ),
  );
  routes.get(
    `${base}/:id/incident-document/:docId`,
    { compress: false, schema: { params: incidentParams.extend({ docId: z.uuid('Not a document id') }) } },
    async (req, reply) =>
      sendBlob(
        reply,
        await readIncidentDocument(app.deps, await requireRequestContext(req), {
          incidentId: req.params.id,
          documentId: req.params.docId,
        }),
      ),
  );

  routes.get(
    `${base}/restricted-members`,
    { schema: { querystring: restrictedMembersQuerySchema, response: { 200: restrictedMembersSchema } } },
    async (req) => restrictedMembers(app.deps, await requireRequestContext(req), req.query),
  );
  const settings = { 200: incidentSettingsSchema };
  routes.get(`${base}/settings`, { schema: { response: settings } }, async (req) =>
    getIncidentSettings(app.deps, await requireRequestContext(req)),
  );
  routes.put(
    `${base}/settings`,
    { schema: { body: incidentSettingsSchema, response: settings } },
    async (req) => putIncidentSettings(app.deps, await requireRequestContext(req), req.body),
  );
  routes.post(`${base}/incident-types`, { schema: { body: addIncidentTypeBodySchema } }, async (req, reply) =>
    reply.status(201).send(await addIncidentType(app.deps, await requireRequestContext(req), req.body)),
  );
  routes.get(
    `${base}/incident-types`,
    { schema: { response: { 200: ownIncidentTypesSchema } } },
    async (req) => listOwnIncidentTypes(app.deps, await requireRequestContext(req)),
  );
  routes.put(
    `${base}/incident-types/:typeId`,
    {
      schema: {
        params: z.object({ typeId: z.uuid('Not an incident type id') }),
        body: archiveIncidentTypeBodySchema,
        response: { 200: ownIncidentTypeSchema },
      },
    },
    async (req) =>
      archiveIncidentType(app.deps, await requireRequestContext(req), req.params.typeId, req.body.archived),
  );

  routes.get(
    '/api/app/profile/conditions/:id',
    { schema: { params: profileParams, response: { 200: conditionListSchema } } },
    async (req) => listConditions(app.deps, await requireRequestContext(req), req.params.id),
  );
  routes.post(
    '/api/app/profile/:id/condition-save',
    { schema: { params: profileParams, body: saveConditionBodySchema, response: { 201: conditionSchema } } },
    async (req, reply) =>
      reply
        .status(201)
        .send(await saveCondition(app.deps, await requireRequestContext(req), req.params.id, req.body)),
  );
  routes.post(
    '/api/app/profile/:id/condition-update',
    {
      schema: { params: profileParams, body: updateConditionBodySchema, response: { 200: conditionSchema } },
    },
    async (req) => updateCondition(app.deps, await requireRequestContext(req), req.params.id, req.body),
  );
  const clearanceParams = profileParams.extend({ conditionId: z.uuid('Not a condition id') });
  routes.post(
    '/api/app/profile/:id/condition-clearance/:conditionId',
    { schema: { params: clearanceParams, response: { 200: conditionSchema } } },
    async (req) =>
      submitClearance(app.deps, await requireRequestContext(req), {
        profileId: req.params.id,
        conditionId: req.params.conditionId,
        read: async () => {
          const [file] = await readChecked(req, 1);
          if (!file) throw invalid([{ field: 'file', in: 'body', message: 'Choose a file to upload' }]);
          return file;
        },
      }),
  );
  routes.get(
    '/api/app/profile/:id/condition-clearance/:conditionId',
    { compress: false, schema: { params: clearanceParams } },
    async (req, reply) =>
      sendBlob(
        reply,
        await readClearance(
          app.deps,
          await requireRequestContext(req),
          req.params.id,
          req.params.conditionId,
        ),
      ),
  );
}
