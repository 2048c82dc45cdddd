import type { Deps } from '../../deps.ts';
import type { AccountPhoto } from '@touchline/contracts/account';
import { expiringFileLink } from '../../storage/file-links.ts';
import { storedFileOf } from './account.queries.ts';

/** What stored_files calls a profile photo. */
export const profilePhotoPurpose = 'profile-photo';

/** The extension a profile photo of each accepted type is named with. */
export const profilePhotoExtensions: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/webp': 'webp',
};

/** A profile's photo as account settings show it: the link, the uploaded name and the extension (all null without). */
export async function profilePhotoDetails(
  deps: Deps,
  profile: { organizationId: string; photoFileId: string | null },
): Promise<AccountPhoto> {
  const file = profile.photoFileId
    ? await storedFileOf(deps.db, profile.organizationId, profile.photoFileId)
    : undefined;
  if (!file) return { photoUrl: null, photoName: null, photoExtension: null };
  return {
    photoUrl: expiringFileLink(deps.fileLinks, file).url,
    photoName: file.originalName,
    photoExtension: profilePhotoExtensions[file.contentType] ?? null,
  };
}

/** The signed link to a profile's photo, or null: what the profile calls return as profilePicture. */
export async function profilePhotoUrl(
  deps: Deps,
  profile: { organizationId: string; photoFileId: string | null },
): Promise<string | null> {
  return (await profilePhotoDetails(deps, profile)).photoUrl;
}
