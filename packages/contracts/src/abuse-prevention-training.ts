import { z } from 'zod';
import { requirementMemberQuerySchema } from './requirement-completion.ts';

/**
 * Query of POST {id}/upload-abuse-prevention-training-certificate (multipart `file`): the member and the completion
 * date printed on the certificate, checked against the requirement's validity (ADR 032).
 */
export const abusePreventionCertificateQuerySchema = requirementMemberQuerySchema.extend({
  completedOn: z.iso.date('Enter the completion date on the certificate as YYYY-MM-DD'),
});

/** Days a certificate counts when the definition sets no validity: the annual refresher of abuse-prevention training. */
export const abusePreventionDefaultValidityDays = 365;

/** The refusal of take-training-and-pay until members can pay (billing issue). */
export const takeTrainingAndPayUnavailableMessage =
  'Paying for the training yourself is not available yet. Ask your organization, or upload a certificate of a training you took elsewhere.';
