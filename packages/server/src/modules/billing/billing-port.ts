import type { BillingPort } from '../../integrations/billing/port.ts';
import type { JobDeps } from '../../jobs/job-deps.ts';

/** The billing port, or a loud error: billing work only runs where a provider is configured. */
export function billingPortOf(deps: Pick<JobDeps, 'integrations'>): BillingPort {
  const billing = deps.integrations.billing;
  if (!billing) throw new Error('no payment provider is configured in this process');
  return billing.port;
}
