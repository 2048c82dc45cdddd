import {
  organizationInitials,
  type OrganizationFile,
  type OrganizationFilePurpose,
  type OrganizationListItem,
} from '@touchline/contracts/organizations';
import type { StoredFileRow } from './organizations.queries.ts';

/**
 * One organization list entry (spec §3 orgData plus the user's profile and the organization's phone and website).
 * The background-check flags are the organization's settings (ADR 030); partner integrations are not built, so
 * isPartner is honestly false.
 */
export function presentOrganizationListItem(
  row: {
    id: string;
    name: string;
    isDemo: boolean;
    showCustomerConfiguredBackgroundCheckNotice: boolean;
    reviewBackgroundChecksExternally: boolean;
    phone: string | null;
    website: string | null;
    profileId: string | null;
  },
  image: string | null,
): OrganizationListItem {
  return {
    id: row.id,
    initials: organizationInitials(row.name),
    name: row.name,
    image,
    showCustomerConfiguredBackgroundCheckNotice: row.showCustomerConfiguredBackgroundCheckNotice,
    isDemo: row.isDemo,
    reviewBackgroundChecksExternally: row.reviewBackgroundChecksExternally,
    isPartner: false,
    profileId: row.profileId,
    phone: row.phone,
    website: row.website,
  };
}

/** A stored file's metadata as the file calls answer it; the storage key never leaves the server. */
export function presentOrganizationFile(
  row: StoredFileRow,
  purpose: OrganizationFilePurpose,
): OrganizationFile {
  return {
    id: row.id,
    purpose,
    contentType: row.contentType,
    byteSize: row.byteSize,
    originalName: row.originalName,
    createdAt: row.createdAt.toISOString(),
  };
}
