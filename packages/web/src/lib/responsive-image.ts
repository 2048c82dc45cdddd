import { imageWidths, smallImageSizes } from '@touchline/contracts/images';

// Responsive images (issue 32, spec §9): an image behind one of our signed file links (/api/files/{token}) is asked
// for at the size it is shown, through /api/images/{token}?w=, so a phone never downloads a desktop image.

const allWidths = [...smallImageSizes, ...imageWidths].sort((a, b) => a - b);

/** The smallest spec width at least `px` wide (the largest when none is). */
export function widthFor(px: number): number {
  return allWidths.find((w) => w >= px) ?? allWidths[allWidths.length - 1] ?? px;
}

/**
 * `src` and `srcSet` (1x, 2x, 3x) for an image shown `cssPx` wide, when `url` is one of our file links; any other
 * URL is left as it is.
 */
export function responsiveImage(url: string, cssPx: number): { src: string; srcSet?: string } {
  const match = /\/api\/files\/([^/?#]+)$/.exec(url.split('?')[0] ?? '');
  if (!match?.[1]) return { src: url };
  const base = `${url.slice(0, url.indexOf('/api/files/'))}/api/images/${match[1]}`;
  const at = (density: number) => `${base}?w=${widthFor(cssPx * density)}`;
  return { src: at(1), srcSet: `${at(1)} 1x, ${at(2)} 2x, ${at(3)} 3x` };
}
