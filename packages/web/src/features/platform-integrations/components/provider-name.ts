import type { IntegrationProvider } from '@touchline/contracts/platform-integrations';

/**
 * How a provider is named on screen: its label, and "sandbox" when this deployment's provider is our own stand-in,
 * so nobody takes a sandbox's events for the vendor's (ADR 027).
 */
export function providerName(provider: string, providers: readonly IntegrationProvider[]): string {
  const known = providers.find((p) => p.provider === provider);
  if (!known) return provider;
  return known.sandbox ? `${known.label} sandbox` : known.label;
}
