import { useState } from 'react';
import { OrganizationFilePurpose } from '@touchline/contracts/organizations';
import { responsiveImage } from '../../../lib/responsive-image.ts';
import { useOrganizationFileUrl } from '../api/get-organization-file-url.ts';

const sizes = { sm: 'h-7 w-7 text-xs', md: 'h-9 w-9 text-sm', lg: 'h-24 w-24 text-2xl' } as const;
/** The CSS pixels each size shows the logo at, so the browser is sent an image that size (spec §9). */
const shownPx = { sm: 28, md: 36, lg: 96 } as const;

/**
 * A logo image, or the organization's initials when there is none or it fails to load. Decorative: the name is
 * always written beside it.
 */
export function LogoImage({
  src,
  initials,
  size = 'md',
}: {
  src: string | null | undefined;
  initials: string;
  size?: keyof typeof sizes;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  if (src && failed !== src)
    return (
      <img
        {...responsiveImage(src, shownPx[size])}
        alt=""
        onError={() => setFailed(src)}
        className={`${sizes[size]} shrink-0 rounded-md bg-white object-contain`}
      />
    );
  return (
    <span
      aria-hidden="true"
      className={`${sizes[size]} flex shrink-0 items-center justify-center rounded-md bg-emerald-700 font-bold text-white dark:bg-emerald-500 dark:text-slate-950`}
    >
      {initials}
    </span>
  );
}

/**
 * The current organization's photo through an expiring link (file-url-with-token), initials meanwhile. `hasFile`
 * false asks for no link: the call would answer 404, which the browser logs as an error.
 */
export function OrganizationLogo({
  organizationId,
  initials,
  hasFile,
  size = 'md',
}: {
  organizationId: string;
  initials: string;
  hasFile: boolean;
  size?: keyof typeof sizes;
}) {
  const link = useOrganizationFileUrl(hasFile ? organizationId : '', OrganizationFilePurpose.Photo);
  return <LogoImage src={hasFile ? link.data?.url : null} initials={initials} size={size} />;
}
