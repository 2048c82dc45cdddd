/**
 * The identity-verification port (ADR 039): a vendor that checks a government ID document and a selfie against it
 * and extracts the holder's name and date of birth. Stripe Identity's VerificationSession is the adapter; a use
 * case never sees the vendor's SDK.
 */

/** The document kinds a vendor session may accept (Stripe Identity's `allowed_types`). */
export type IdentityDocumentKind = 'passport' | 'driving_license' | 'id_card';

/** A vendor verification session as the use cases read it. */
export type IdentitySession = {
  id: string;
  /** The vendor's state: waiting for the person, checking, done, or given up. */
  status: 'requires_input' | 'processing' | 'verified' | 'canceled';
  /** Where the person takes the document and selfie photos (the vendor's hosted flow). */
  url: string | null;
  /** Why the vendor could not verify (e.g. `selfie_face_mismatch`), or null. */
  lastError: { code: string; reason: string } | null;
  /** What the vendor read on a verified document; null until verified, or once redacted. */
  verified: { firstName: string | null; lastName: string | null; dateOfBirth: string | null } | null;
};

/** The calls a use case makes; `correlationId` ties the vendor log lines to our request. */
export type IdentityVerificationPort = {
  /** True when the port talks to our own sandbox (named as such wherever a user sees it). */
  readonly sandbox: boolean;
  createSession(
    input: {
      idempotencyKey: string;
      documentKinds: readonly IdentityDocumentKind[];
      metadata: Record<string, string>;
      returnUrl: string;
    },
    ctx: { correlationId?: string },
  ): Promise<IdentitySession>;
  retrieveSession(id: string, ctx: { correlationId?: string }): Promise<IdentitySession>;
  /** Erases the vendor's copy of the images and extracted data (done once we have decided). */
  redactSession(id: string, ctx: { correlationId?: string }): Promise<void>;
};
