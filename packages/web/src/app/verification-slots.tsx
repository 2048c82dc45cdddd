import { lazy, Suspense } from 'react';
import { RequirementType } from '@touchline/contracts/requirement-types';
import { Spinner } from '../components/ui/spinner.tsx';
import type { RequirementSlotProps, RequirementSlots } from '../lib/requirement-slots.tsx';

const AgePanel = lazy(() =>
  import('../features/verification/components/age-verification-panel.tsx').then((m) => ({
    default: m.AgeVerificationPanel,
  })),
);
const AgeEvidence = lazy(() =>
  import('../features/verification/components/verification-evidence.tsx').then((m) => ({
    default: m.VerificationEvidence,
  })),
);

/** The verification feature's panels, loaded when a page first shows one. */
export const verificationSlots: RequirementSlots = {
  memberPanels: {
    [RequirementType.AgeVerification]: (props: RequirementSlotProps) => (
      <Suspense fallback={<Spinner label="Loading…" />}>
        <AgePanel {...props} />
      </Suspense>
    ),
  },
  reviewEvidence: {
    [RequirementType.AgeVerification]: (props: RequirementSlotProps) => (
      <Suspense fallback={<Spinner label="Loading…" />}>
        <AgeEvidence {...props} />
      </Suspense>
    ),
  },
};
