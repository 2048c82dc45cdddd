import { z } from 'zod';

/**
 * The verification module's settings (ADR 039), from the environment with defaults: the sharpness a document image
 * must reach (variance of the Laplacian, calibrated in document-image.test.ts on rendered cards and their blurred
 * copies), how long proof images are kept after a decision, and when an open identity session is re-read.
 */
export type VerificationConfig = {
  /** Below this variance of the Laplacian a document image is refused as too blurry. */
  blurThreshold: number;
  /** Days a proof image is kept after the decision; the decision and what was read are kept. */
  imageRetentionDays: number;
  /** An identity session still open this many minutes after it was last read is re-read by the sweep. */
  identitySweepAfterMinutes: number;
};

const schema = z.object({
  VERIFICATION_BLUR_THRESHOLD: z.coerce.number().positive().default(100),
  VERIFICATION_IMAGE_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  VERIFICATION_IDENTITY_SWEEP_AFTER_MINUTES: z.coerce.number().int().min(1).max(10_080).default(30),
});

/** Reads the settings once from an environment (tests pass their own). */
export function verificationConfig(
  env: Record<string, string | undefined> = process.env,
): VerificationConfig {
  const parsed = schema.parse(env);
  return {
    blurThreshold: parsed.VERIFICATION_BLUR_THRESHOLD,
    imageRetentionDays: parsed.VERIFICATION_IMAGE_RETENTION_DAYS,
    identitySweepAfterMinutes: parsed.VERIFICATION_IDENTITY_SWEEP_AFTER_MINUTES,
  };
}
