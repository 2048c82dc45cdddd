import type { PartnerProviderType } from '@touchline/contracts/integrations';

/**
 * The league-management partner port (ARCHITECTURE §2b; issue 31, ADR 041): a partner's site as we use it — test the
 * credentials, and export registrations in pages by cursor. One adapter per provider type (LeagueApps, Amilia, Test); use cases call this, never a partner's API.
 */
export interface PartnerPort {
  readonly providerType: PartnerProviderType;
  /** Proves the credentials work; answers what the partner calls the site ("connected as …"). */
  test(ctx: PartnerCallContext): Promise<{ connectedAs: string }>;
  /**
   * One page of registrations changed after the cursor (null: from the beginning), oldest change first, and the
   * cursor after its last row; an empty page means nothing more for now.
   */
  exportRegistrations(cursor: PartnerCursor | null, ctx: PartnerCallContext): Promise<PartnerExportPage>;
  /**
   * One registration as the partner holds it now (Amilia: the re-read behind a webhook); null when the partner no
   * longer knows it. Only partners that push webhooks have it.
   */
  readRegistration?(registrationId: string, ctx: PartnerCallContext): Promise<PartnerRegistration | null>;
  /** Where "Return to <partner>" leads for this site. */
  readonly returnUrl: string;
  close(): Promise<void>;
}

export type PartnerCallContext = { correlationId?: string };

/** Where an export stands: the last row applied (its change time and id). */
export type PartnerCursor = { lastUpdated: number; lastId: string };

export type PartnerExportPage = { registrations: PartnerRegistration[]; next: PartnerCursor | null };

/** A registration in our words. */
export type PartnerRegistration = {
  registrationId: string;
  /** The member's id at the partner: what `plas-by-external-id` finds. */
  memberId: string;
  programId: string;
  programName: string;
  role: string;
  withdrawn: boolean;
  /** Paid and placed: ready to become an invitation. */
  ready: boolean;
  updatedAt: number;
  person: PartnerPerson;
};

/** What the partner knows about the member (prefill; kept only while the invitation is open). */
export type PartnerPerson = {
  firstName: string;
  lastName: string;
  email: string;
  dateOfBirth: string | null;
  phone: string | null;
  address: {
    line1: string | null;
    city: string | null;
    state: string | null;
    postalCode: string | null;
  } | null;
  guardian: { firstName: string | null; lastName: string | null; email: string | null } | null;
  emergencyContact: { name: string | null; phone: string | null } | null;
};

/** The partner refused the credentials (bad key, wrong site): retrying cannot mend it. */
export class PartnerCredentialsRefused extends Error {
  override name = 'PartnerCredentialsRefused';
}
