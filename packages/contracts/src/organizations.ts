import { z } from 'zod';

/**
 * Answer of GET /api/app/organization/{id}/select-organization: the profile now current and the organization roles
 * it carries. The web refreshes its token afterwards so CurrentProfileId and User/Role follow (ADR 007).
 */
export const selectOrganizationResponseSchema = z.object({
  organizationId: z.string(),
  profileId: z.string(),
  roles: z.array(z.string()),
});
/** The parsed select-organization answer. */
export type SelectOrganizationResponse = z.infer<typeof selectOrganizationResponseSchema>;
