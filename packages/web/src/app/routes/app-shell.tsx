import { AppLayout } from '../../components/layouts/app-layout.tsx';
import { SupportAccessBanner } from '../../features/admin/components/support-access-banner.tsx';
import { PastDueBanner } from '../../features/billing/components/past-due-banner.tsx';
import { SupportChat } from '../../features/support-chat/support-chat-mount.tsx';
import { UpdatedPoliciesGate } from '../../features/auth/components/updated-policies-gate.tsx';
import { OrganizationSwitcher } from '../../features/organizations/components/organization-switcher.tsx';
import { ReturnToPartnerBanner } from '../../features/partners/components/return-to-partner.tsx';
import { RequirementSlotsContext } from '../../lib/requirement-slots.tsx';
import { LevelNavigation } from '../level-navigation.tsx';
import { verificationSlots } from '../verification-slots.tsx';

/**
 * The signed-in pages' shell with its parts (level tree, organization switcher, Updated Policies modal), as one
 * route module: the router loads it on the first signed-in page, so the sign-in page's first load never carries
 * the level tree, the menus or the dialogs (ADR 029).
 */
export function AppShell() {
  // The verification feature's panels reach the requirement and review pages through these slots (ADR 039).
  return (
    <RequirementSlotsContext value={verificationSlots()}>
      <AppLayout
        navigation={<LevelNavigation />}
        overlay={<UpdatedPoliciesGate />}
        headerStart={<OrganizationSwitcher />}
        banner={
          <>
            <SupportAccessBanner />
            <PastDueBanner />
            <ReturnToPartnerBanner />
            <SupportChat />
          </>
        }
      />
    </RequirementSlotsContext>
  );
}
