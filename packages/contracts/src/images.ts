/** Widths, in pixels, responsive images are offered at (§9). */
export const imageWidths = [640, 750, 828, 1080, 1200, 1920, 2048, 3840] as const;

/** Widths, in pixels, of small images such as icons and avatars (§9: 16 to 384). */
export const smallImageSizes = [16, 32, 48, 64, 96, 128, 256, 384] as const;

/** Default encoding quality of resized images (§9). */
export const defaultImageQuality = 75;
