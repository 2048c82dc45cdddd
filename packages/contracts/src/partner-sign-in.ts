import { z } from 'zod';
import { partnerProviderTypeSchema } from './integrations.ts';

// Partner sign-in (issue 31, ADR 041): a league partner's OAuth client sends a member here to sign in and approve;
// approving links the member's Touchline account to the partner's member id.

/** GET /api/app/partner-sign-in/{requestId}: the pending request as the signed-in member sees it. */
export const partnerSignInRequestSchema = z.object({
  requestId: z.uuid(),
  partner: z.object({
    providerType: partnerProviderTypeSchema,
    /** The partner's name ("LeagueApps"), and the registered client's ("LeagueApps sandbox"). */
    name: z.string(),
    clientName: z.string(),
    logo: z.string(),
    sandbox: z.boolean(),
  }),
  /** The partner's member id the request names, and our member it is (the member, or their child). */
  partnerMemberId: z.string(),
  member: z.object({
    firstName: z.string(),
    lastName: z.string(),
    profileLevelAccessId: z.uuid(),
    /**
     * Whose membership it is: the signed-in member's own, or their child's (a guardian arriving from the partner's
     * portal: the partner's return path is then /groupAccountDashboard, where the child's details are prefilled).
     */
    relation: z.enum(['self', 'child']),
  }),
  /** What the partner will receive: the scopes it asked for. */
  scopes: z.array(z.string()),
  alreadyLinked: z.boolean(),
  expiresAt: z.iso.datetime(),
});
export type PartnerSignInRequest = z.infer<typeof partnerSignInRequestSchema>;

/** POST …/{requestId}/approve and …/deny: where the member's browser goes next (the partner's registered address). */
export const partnerSignInAnswerSchema = z.object({ redirectUrl: z.url() });
export type PartnerSignInAnswer = z.infer<typeof partnerSignInAnswerSchema>;

/** GET /api/app/partner-links: the signed-in member's live links to partners in this organization. */
export const partnerAccountLinkSchema = z.object({
  id: z.uuid(),
  providerType: partnerProviderTypeSchema,
  partnerName: z.string(),
  partnerMemberId: z.string(),
  memberName: z.string(),
  linkedAt: z.iso.datetime(),
});
export type PartnerAccountLink = z.infer<typeof partnerAccountLinkSchema>;
