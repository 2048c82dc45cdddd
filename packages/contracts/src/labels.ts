import { z } from 'zod';
import { memberLabelSchema } from './member-admin.ts';
import { labelRoleSchema } from './roles.ts';
import { singleLineText } from './text.ts';

/**
 * Managing the organization's role labels ("renamable role labels, one default"): add, rename, make default, change
 * the organization role a label carries, delete and reorder. The label item itself is member-admin's
 * memberLabelSchema, which GET /api/app/labels answers with too.
 */

/** Longest role label name we accept; the spec gives none, 60 fits "Assistant Coach (U12 Girls)" with room. */
export const labelNameMaxLength = 60;

/** Said when a live label of the organization already carries the name (compared trimmed, case-insensitively). */
export const duplicateLabelNameMessage = 'A role with this name already exists';

/** Said when the default label would carry an organization role: the default is what members get by default. */
export const defaultLabelRoleMessage =
  'The default role is what imported and invited members get, so it cannot carry an organization role';

/** Said when the default label is un-defaulted without another taking its place. */
export const keepADefaultMessage = 'Make another role the default instead';

/** Said when the default label is to be deleted. */
export const deleteDefaultLabelMessage =
  'The default role cannot be deleted: make another role the default first';

/** Said when the label ids sent to the order call are not exactly the organization's live labels. */
export const labelOrderMismatchMessage = 'List every role exactly once';

/** Said when a role change would leave the organization without any Admin at its top level. */
export const lastAdminLabelMessage =
  'The organization needs an Admin at its top level, and only this role gives it there: make someone else Admin first';

/** The 409 message of deleting a label members still hold. */
export function labelInUseMessage(count: number): string {
  return `This role is still held by ${count === 1 ? '1 member' : `${count} members`}`;
}

/** A role label's name: trimmed, 1–60 characters. */
export const labelNameSchema = singleLineText()
  .min(1, 'Enter a name for the role')
  .max(labelNameMaxLength, `Use at most ${labelNameMaxLength} characters`);

/** Path parameter of the /api/app/labels/{id} calls. */
export const labelIdParamsSchema = z.object({ id: z.uuid('Not a role id') });

/** Body of POST /api/app/labels: a new label, with the organization role it carries (null or left out for none). */
export const createLabelBodySchema = z.object({ name: labelNameSchema, role: labelRoleSchema.default(null) });
/** The parsed create-label body. */
export type CreateLabelBody = z.infer<typeof createLabelBodySchema>;

/**
 * Body of PUT /api/app/labels/{id}: one or more of a new name, `isDefault: true` to make it the default (the previous
 * default stops being one) and a new organization role (null for none). At least one must be given.
 */
export const updateLabelBodySchema = z
  .object({
    name: labelNameSchema.optional(),
    isDefault: z.boolean().optional(),
    role: labelRoleSchema.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Change the name, the default or the organization role',
  });
/** The parsed update-label body. */
export type UpdateLabelBody = z.infer<typeof updateLabelBodySchema>;

/** Body of PUT /api/app/labels/order: every live label's id, in the new order. */
export const orderLabelsBodySchema = z.object({
  labelIds: z.array(z.uuid('Not a role id')).min(1, labelOrderMismatchMessage).max(1000),
});
/** The parsed order body. */
export type OrderLabelsBody = z.infer<typeof orderLabelsBodySchema>;

/** A label as the management page lists it: the label and how many live memberships hold it. */
export const managedLabelSchema = memberLabelSchema.extend({
  memberCount: z.number().int().nonnegative(),
});
/** One managed label. */
export type ManagedLabel = z.infer<typeof managedLabelSchema>;

/** Answer of GET /api/app/labels/management: the live labels, default first, then in their order. */
export const managedLabelsResponseSchema = z.object({ items: z.array(managedLabelSchema) });
/** The parsed management list. */
export type ManagedLabelsResponse = z.infer<typeof managedLabelsResponseSchema>;
