import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ageVerificationSchema,
  ageVerificationSubmitQuerySchema,
  verificationProofLinkSchema,
} from '@touchline/contracts/age-verification';
import {
  requirementMemberQuerySchema,
  requirementUploadLimits,
} from '@touchline/contracts/requirement-completion';
import {
  identityStartQuerySchema,
  identityVerificationSchema,
} from '@touchline/contracts/identity-verification';
import { webcamPhotoFieldName } from '@touchline/contracts/verification';
import { requireRequestContext } from '../../authz/request-context.ts';
import { invalid } from '../../errors.ts';
import { readMultipartFiles } from '../../storage/multipart-reader.ts';
import { safeFileName } from '../../storage/upload-check.ts';
import {
  ageVerificationProofLink,
  getAgeVerification,
  submitAgeVerification,
  type ProofUpload,
} from './age-verification.service.ts';
import { closeDocumentReaders } from './document-reader.ts';
import {
  getIdentityVerification,
  progressIdentityVerification,
  startIdentityVerification,
} from './identity-verification.service.ts';
import { verificationConfig } from './verification.config.ts';

const params = z.object({ id: z.uuid('Not an id') });
const base = '/api/app/requirement';
const megabytes = requirementUploadLimits.fileBytes / (1024 * 1024);

/** The one proof photo of a submission (multipart field `file`). */
async function readProofUpload(request: FastifyRequest): Promise<ProofUpload> {
  const [part, ...more] = await readMultipartFiles(request, {
    field: 'file',
    maxFileBytes: requirementUploadLimits.fileBytes,
    maxFiles: 1,
    messages: {
      notMultipart: 'Send the photo as multipart/form-data',
      missing: 'Choose a photo of the document',
      fileTooLarge: `The photo is larger than ${megabytes} MB`,
      tooManyFiles: 'Send one photo',
    },
  });
  if (!part || more.length > 0) throw invalid([{ field: 'file', in: 'body', message: 'Send one photo' }]);
  return { bytes: part.bytes, originalName: safeFileName(part.fileName) };
}

/**
 * The verification calls (spec §7 `age-verification`; ADR 039): `{id}` is the requirement definition, `plaId` the
 * member, as in every requirement call.
 */
export async function verificationRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const config = verificationConfig();
  app.addHook('onClose', closeDocumentReaders);

  routes.get(
    `${base}/:id/age-verification`,
    {
      schema: { params, querystring: requirementMemberQuerySchema, response: { 200: ageVerificationSchema } },
    },
    async (req) =>
      getAgeVerification(app.deps, await requireRequestContext(req), {
        definitionId: req.params.id,
        plaId: req.query.plaId,
      }),
  );
  routes.post(
    `${base}/:id/age-verification`,
    {
      schema: {
        params,
        querystring: ageVerificationSubmitQuerySchema,
        response: { 200: ageVerificationSchema },
      },
    },
    async (req) =>
      submitAgeVerification(app.deps, await requireRequestContext(req), config, {
        definitionId: req.params.id,
        plaId: req.query.plaId,
        query: req.query,
        read: () => readProofUpload(req),
      }),
  );
  routes.get(
    `${base}/:id/age-verification-proof`,
    {
      schema: {
        params,
        querystring: requirementMemberQuerySchema,
        response: { 200: verificationProofLinkSchema },
      },
    },
    async (req) =>
      ageVerificationProofLink(app.deps, await requireRequestContext(req), {
        definitionId: req.params.id,
        plaId: req.query.plaId,
      }),
  );

  routes.get(
    `${base}/:id/identity-verification`,
    {
      schema: {
        params,
        querystring: requirementMemberQuerySchema,
        response: { 200: identityVerificationSchema },
      },
    },
    async (req) =>
      getIdentityVerification(app.deps, await requireRequestContext(req), {
        definitionId: req.params.id,
        plaId: req.query.plaId,
      }),
  );
  routes.post(
    `${base}/:id/start-identity-verification`,
    {
      schema: {
        params,
        querystring: identityStartQuerySchema,
        response: { 200: identityVerificationSchema },
      },
    },
    async (req) =>
      startIdentityVerification(app.deps, await requireRequestContext(req), {
        definitionId: req.params.id,
        plaId: req.query.plaId,
        query: req.query,
      }),
  );
  routes.post(
    `${base}/:id/progress-identity-verification`,
    {
      schema: {
        params,
        querystring: requirementMemberQuerySchema,
        response: { 200: identityVerificationSchema },
      },
    },
    async (req) => {
      const ctx = await requireRequestContext(req);
      const photo = req.isMultipart() ? await readFacePhoto(req) : null;
      return progressIdentityVerification(app.deps, ctx, config, {
        definitionId: req.params.id,
        plaId: req.query.plaId,
        photo,
      });
    },
  );
}

/** The webcam photo (multipart field `photo`, spec §3), read into memory only: it is checked, never stored. */
async function readFacePhoto(request: FastifyRequest): Promise<Buffer> {
  const [part] = await readMultipartFiles(request, {
    field: webcamPhotoFieldName,
    maxFileBytes: requirementUploadLimits.fileBytes,
    maxFiles: 1,
    messages: {
      notMultipart: 'Send the photo as multipart/form-data',
      missing: 'Take a photo of your face',
      fileTooLarge: `The photo is larger than ${megabytes} MB`,
      tooManyFiles: 'Send one photo',
    },
  });
  if (!part)
    throw invalid([{ field: webcamPhotoFieldName, in: 'body', message: 'Take a photo of your face' }]);
  return part.bytes;
}
