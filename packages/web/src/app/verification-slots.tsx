import { lazy, Suspense } from 'react';
import { RequirementType } from '@touchline/contracts/requirement-types';
import { Spinner } from '../components/ui/spinner.tsx';
import type { RequirementSlotProps, RequirementSlots } from '../lib/requirement-slots.tsx';

const AgePanel = lazy(() =>
  import('../features/verification/components/age-verification-panel.tsx').then((m) => ({
    default: m.AgeVerificationPanel,
  })),
);
const IdentityPanel = lazy(() =>
  import('../features/verification/components/identity-verification-panel.tsx').then((m) => ({
    default: m.IdentityVerificationPanel,
  })),
);
const IdentityEvidence = lazy(() =>
  import('../features/verification/components/identity-evidence.tsx').then((m) => ({
    default: m.IdentityEvidence,
  })),
);
const AgeEvidence = lazy(() =>
  import('../features/verification/components/verification-evidence.tsx').then((m) => ({
    default: m.VerificationEvidence,
  })),
);

let slots: RequirementSlots | null = null;

/**
 * The verification feature's panels, loaded when a page first shows one. Built on first use, not when the module
 * is evaluated: the signed-in chunks import each other, so a top-level read of RequirementType could run before
 * the contracts' chunk has (the build's "reading 'AgeVerification' of undefined").
 */
export function verificationSlots(): RequirementSlots {
  slots ??= {
    memberPanels: {
      [RequirementType.AgeVerification]: (props: RequirementSlotProps) => (
        <Suspense fallback={<Spinner label="Loading…" />}>
          <AgePanel {...props} />
        </Suspense>
      ),
      [RequirementType.IdentityVerification]: (props: RequirementSlotProps) => (
        <Suspense fallback={<Spinner label="Loading…" />}>
          <IdentityPanel {...props} />
        </Suspense>
      ),
    },
    reviewEvidence: {
      [RequirementType.IdentityVerification]: (props: RequirementSlotProps) => (
        <Suspense fallback={<Spinner label="Loading…" />}>
          <IdentityEvidence {...props} />
        </Suspense>
      ),
      [RequirementType.AgeVerification]: (props: RequirementSlotProps) => (
        <Suspense fallback={<Spinner label="Loading…" />}>
          <AgeEvidence {...props} />
        </Suspense>
      ),
    },
  };
  return slots;
}
