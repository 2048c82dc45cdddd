import { z } from 'zod';

/**
 * The verification module's settings (ADR 039), from the environment with defaults: the sharpness a document image
 * must reach (variance of the Laplacian, calibrated in document-image.test.ts on rendered cards and their blurred
 * copies) and how long proof images are kept after a decision.
 */
export type VerificationConfig = {
  /** Below this variance of the Laplacian a document image is refused as too blurry. */
  blurThreshold: number;
  /** Days a proof image is kept after the decision; the decision and what was read are kept. */
  imageRetentionDays: number;
};

const schema = z.object({
  VERIFICATION_BLUR_THRESHOLD: z.coerce.number().positive().default(100),
  VERIFICATION_IMAGE_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
});

/** Reads the settings once from an environment (tests pass their own). */
export function verificationConfig(
  env: Record<string, string | undefined> = process.env,
): VerificationConfig {
  const parsed = schema.parse(env);
  return {
    blurThreshold: parsed.VERIFICATION_BLUR_THRESHOLD,
    imageRetentionDays: parsed.VERIFICATION_IMAGE_RETENTION_DAYS,
  };
}
