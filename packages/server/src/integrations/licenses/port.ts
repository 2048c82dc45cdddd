/**
 * The license-provider port (ARCHITECTURE §2b): who holds which license, as a federation's records say, in our
 * words. One adapter per provider (the US Soccer Learning Center's license lookup); use cases call this, never the
 * provider's API. A lookup only reads, so it is safe to repeat.
 */
export interface LicenseProviderPort {
  /** Which adapter this is, stored beside each lookup. */
  readonly provider: LicenseProvider;
  /** True when this is our sandbox (never the federation): screens name it one. */
  readonly sandbox: boolean;
  /** The person the federation holds under the id with their licenses, or null when the id is unknown. */
  lookup(ussfId: string, ctx: LicenseCallContext): Promise<LicenseHolder | null>;
}

/** The adapters there are. */
export type LicenseProvider = 'us-soccer';

/** Ties provider calls to the request or job that made them. */
export type LicenseCallContext = { correlationId?: string };

/** One license as the provider lists it (discipline and grade in the provider's words). */
export type ProviderLicense = {
  discipline: string;
  grade: string;
  issuedOn: string | null;
  expiresOn: string | null;
  /** False when the provider says revoked, suspended or otherwise not in force (expiry is judged separately). */
  inForce: boolean;
};

/** The person on record for an id. */
export type LicenseHolder = {
  ussfId: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
  licenses: ProviderLicense[];
};
