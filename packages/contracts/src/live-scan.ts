import { z } from 'zod';
import { requirementMemberQuerySchema } from './requirement-completion.ts';
import { singleLineText } from './text.ts';

/** The two-letter codes of the states, DC and the territories where LiveScan fingerprinting is requested. */
export const usStateCodes = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'DC',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
  'PR',
  'GU',
  'VI',
] as const;

const optionalText = (max: number) => singleLineText().max(max).nullable().default(null);
const httpsUrl = z.url({ protocol: /^https$/, message: 'Enter a link starting with https://' }).max(2000);

/**
 * One of an organization's LiveScan request forms and locations (GET /api/app/organization/{id}/live-scan-urls,
 * ADR 032): the state, where to find a LiveScan site, the state's request form, and the organization's agency
 * details the generated request form is pre-filled with (ORI, agency name and address, mail code).
 */
export const liveScanLocationBodySchema = z.object({
  state: z.enum(usStateCodes, { message: 'Choose a state' }),
  name: singleLineText().min(1, 'Enter a name').max(200),
  requestFormUrl: httpsUrl.nullable().default(null),
  locationsUrl: httpsUrl.nullable().default(null),
  ori: z
    .string({ message: 'Enter the ORI' })
    .trim()
    .regex(/^[A-Za-z0-9]{7,9}$/, 'An ORI is 7 to 9 letters and digits'),
  agencyName: singleLineText().min(1, 'Enter the agency name').max(200),
  agencyAddress: optionalText(500),
  mailCode: optionalText(20),
  levelOfService: optionalText(100),
  typeOfApplicant: optionalText(100),
});
/** The parsed location body. */
export type LiveScanLocationBody = z.infer<typeof liveScanLocationBodySchema>;

/** A location as answered. */
export const liveScanLocationSchema = liveScanLocationBodySchema.extend({
  id: z.uuid(),
  state: z.string(),
  ori: z.string(),
});
/** One location. */
export type LiveScanLocation = z.infer<typeof liveScanLocationSchema>;

/** Answer of GET live-scan-urls. */
export const liveScanUrlsResponseSchema = z.object({ items: z.array(liveScanLocationSchema) });
/** The organization's locations. */
export type LiveScanUrlsResponse = z.infer<typeof liveScanUrlsResponseSchema>;

/** Query of GET {id}/live-scan-request-form: the member and the location whose form to pre-fill. */
export const liveScanRequestFormQuerySchema = requirementMemberQuerySchema.extend({
  locationId: z.uuid('Choose a location'),
});

/** The Applicant Tracking Identifier printed on the LiveScan receipt. */
export const atiNumberSchema = z
  .string({ message: 'Enter the ATI number from your receipt' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9-]{6,20}$/, 'Enter the ATI number from your receipt (6 to 20 letters and digits)');

/** Query of POST {id}/submit-live-scan (multipart `file`: the receipt photo). */
export const liveScanSubmitQuerySchema = requirementMemberQuerySchema.extend({ atiNumber: atiNumberSchema });

/** What the requirement page says about results (the issue: they never reach Touchline). */
export const liveScanResultsNotice =
  'The state sends fingerprint results only to your organization’s custodian of records. They never reach Touchline: after you submit your receipt, a reviewer confirms your clearance here.';
