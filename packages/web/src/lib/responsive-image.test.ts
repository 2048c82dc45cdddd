import { describe, expect, it } from 'vitest';
import { responsiveImage, widthFor } from './responsive-image.ts';

describe('responsive images', () => {
  it('asks for the smallest spec width at least as wide as shown', () => {
    expect(widthFor(28)).toBe(32);
    expect(widthFor(96)).toBe(96);
    expect(widthFor(288)).toBe(384);
    expect(widthFor(600)).toBe(640);
    expect(widthFor(9000)).toBe(3840);
  });

  it('turns one of our file links into a resized source and a density srcset', () => {
    expect(responsiveImage('https://app.test/api/files/abc.def', 36)).toEqual({
      src: 'https://app.test/api/images/abc.def?w=48',
      srcSet:
        'https://app.test/api/images/abc.def?w=48 1x, https://app.test/api/images/abc.def?w=96 2x, https://app.test/api/images/abc.def?w=128 3x',
    });
    expect(responsiveImage('/api/files/tok', 96).src).toBe('/api/images/tok?w=96');
  });

  it('leaves any other address alone', () => {
    expect(responsiveImage('https://cdn.example/logo.png', 36)).toEqual({
      src: 'https://cdn.example/logo.png',
    });
    expect(responsiveImage('data:image/png;base64,xx', 36)).toEqual({ src: 'data:image/png;base64,xx' });
  });
});
