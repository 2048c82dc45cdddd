import { describe, expect, it } from 'vitest';

import { defaultImageQuality, imageWidths, smallImageSizes } from './images.ts';

describe('image sizes', () => {
  it('are the spec numbers', () => {
    expect(imageWidths).toEqual([640, 750, 828, 1080, 1200, 1920, 2048, 3840]);
    expect(smallImageSizes).toEqual([16, 32, 48, 64, 96, 128, 256, 384]);
    expect(defaultImageQuality).toBe(75);
  });
});
