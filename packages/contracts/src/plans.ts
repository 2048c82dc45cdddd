import { z } from 'zod';

/** The default plan of a new organization draft (§3, §9); amounts are in minor currency units (cents). */
export const defaultPlan = {
  monthUnitAmount: 4900,
  yearUnitAmount: 46800,
  productName: 'Basic',
} as const;

/** Validates the plan part of the create-organization draft, filling the spec's defaults. */
export const planDraftSchema = z.object({
  monthUnitAmount: z.number().int().nonnegative().default(defaultPlan.monthUnitAmount),
  yearUnitAmount: z.number().int().nonnegative().default(defaultPlan.yearUnitAmount),
  productName: z.string().min(1).default(defaultPlan.productName),
});
/** The parsed plan draft. */
export type PlanDraft = z.infer<typeof planDraftSchema>;

/** A plan an organization may subscribe to (spec §7 payment-plans); amounts in minor units of `currency`. */
export const paymentPlanSchema = z.object({
  id: z.string(),
  productName: z.string(),
  monthUnitAmount: z.number().int().nonnegative(),
  yearUnitAmount: z.number().int().nonnegative(),
  currency: z.string(),
  isDefault: z.boolean(),
});
/** One payment plan. */
export type PaymentPlan = z.infer<typeof paymentPlanSchema>;

/** Answer of both payment-plan calls: a list of plans in display order. */
export const paymentPlansResponseSchema = z.array(paymentPlanSchema);

/** Query of GET /api/app/payment-plan/payment-plans-organization (spec §7: organizationGuid). */
export const organizationPlansQuerySchema = z.object({
  organizationGuid: z.uuid({ message: 'organizationGuid must be an organization id' }),
});
