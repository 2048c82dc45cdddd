import { createContext, useContext, type ComponentType } from 'react';

/** What a type's member panel or review evidence is given: the member's requirement and whether they may act. */
export interface RequirementSlotProps {
  definitionId: string;
  profileLevelAccessId: string | null;
  canAct: boolean;
}

/**
 * Panels a feature contributes for requirement types another feature renders (features never import each other,
 * so app/ composes them here): the member's panel on the requirement page, and the evidence on the review screen.
 */
export interface RequirementSlots {
  memberPanels: Partial<Record<number, ComponentType<RequirementSlotProps>>>;
  reviewEvidence: Partial<Record<number, ComponentType<RequirementSlotProps>>>;
}

/** The slots app/ provides; empty until it does (tests of one feature render without them). */
export const RequirementSlotsContext = createContext<RequirementSlots>({
  memberPanels: {},
  reviewEvidence: {},
});

/** The slots of the current app. */
export const useRequirementSlots = () => useContext(RequirementSlotsContext);
