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
