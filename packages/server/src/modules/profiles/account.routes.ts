import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountPhotoSchema,
  accountSchema,
  accountUserSchema,
  emergencyContactsResponseSchema,
  replaceEmergencyContactsBodySchema,
  savedContactInformationSchema,
  updateAccountUserBodySchema,
  updateContactInformationBodySchema,
  profilePhotoMaxBytes,
  profilePhotoMissingMessage,
  profilePhotoTooLargeMessage,
} from '@touchline/contracts/account';
import { webcamPhotoFieldName } from '@touchline/contracts/verification';
import { requireRequestContext } from '../../authz/request-context.ts';
import { invalid } from '../../errors.ts';
import { readMultipartFiles } from '../../storage/multipart-reader.ts';
import { removeAccountPhoto, uploadAccountPhoto, type PhotoUpload } from './account-photo.service.ts';
import { getAccount, replaceEmergencyContacts, updateContactInformation } from './account.service.ts';
import { updateOwnNames } from './profile-updates.service.ts';

const photoError = (message: string) =>
  invalid([{ field: webcamPhotoFieldName, in: 'body', message }], message);

/** Reads the `photo` file of a multipart body into memory (5 MB at most), or refuses with a field error. */
async function readPhoto(request: FastifyRequest): Promise<PhotoUpload> {
  const [part] = await readMultipartFiles(request, {
    field: webcamPhotoFieldName,
    maxFileBytes: profilePhotoMaxBytes,
    maxFiles: 1,
    messages: {
      notMultipart: profilePhotoMissingMessage,
      missing: profilePhotoMissingMessage,
      fileTooLarge: profilePhotoTooLargeMessage,
    },
  });
  if (!part || part.fieldName !== webcamPhotoFieldName) throw photoError(profilePhotoMissingMessage);
  return { bytes: part.bytes, fileName: part.fileName };
}

/**
 * The account settings calls (/account/settings; spec §3 Account). The spec shows the fields but not these paths:
 * /api/app/account… are ours. Each reads or writes the signed-in user's current profile only.
 */
export async function accountRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/app/account', { schema: { response: { 200: accountSchema } } }, async (request) =>
    getAccount(app.deps, await requireRequestContext(request)),
  );

  r.put(
    '/api/app/account/user',
    { schema: { body: updateAccountUserBodySchema, response: { 200: accountUserSchema } } },
    async (request) => updateOwnNames(app.deps, await requireRequestContext(request), request.body),
  );

  r.put(
    '/api/app/account/contact-information',
    {
      schema: { body: updateContactInformationBodySchema, response: { 200: savedContactInformationSchema } },
    },
    async (request) => updateContactInformation(app.deps, await requireRequestContext(request), request.body),
  );

  r.put(
    '/api/app/account/emergency-contacts',
    {
      schema: {
        body: replaceEmergencyContactsBodySchema,
        response: { 200: emergencyContactsResponseSchema },
      },
    },
    async (request) => replaceEmergencyContacts(app.deps, await requireRequestContext(request), request.body),
  );

  r.post(
    '/api/app/account/photo',
    { schema: { response: { 201: accountPhotoSchema } } },
    async (request, reply) => {
      const ctx = await requireRequestContext(request);
      return reply.code(201).send(await uploadAccountPhoto(app.deps, ctx, await readPhoto(request)));
    },
  );

  r.delete('/api/app/account/photo', async (request, reply) => {
    await removeAccountPhoto(app.deps, await requireRequestContext(request));
    return reply.code(204).send();
  });
}
