import { describe, expect, it } from 'vitest';

import {
  ButtonIconPosition,
  ButtonTarget,
  ButtonVariant,
  ButtonVersion,
  buttonDefaults,
  buttonNoLinkHref,
  errorScreenDefaults,
} from './ui.ts';

describe('reusable button (spec §2)', () => {
  it('options are the spec lists', () => {
    expect(Object.values(ButtonVariant)).toEqual([
      'primary',
      'secondary',
      'tertiary',
      'quaternary',
      'transparent',
    ]);
    expect(Object.values(ButtonIconPosition)).toEqual(['left', 'right']);
    expect(Object.values(ButtonTarget)).toEqual(['_self', '_blank']);
    expect(Object.values(ButtonVersion)).toEqual([1, 2]);
  });

  it('defaults are the spec defaults', () => {
    expect(buttonDefaults).toEqual({
      href: '#',
      label: 'Submit',
      icon: undefined,
      iconPosition: 'left',
      variant: 'primary',
      shadow: false,
      external: false,
      type: 'button',
      target: '_self',
      disabled: false,
      version: 1,
    });
    expect(buttonNoLinkHref).toBe('#');
  });
});

describe('full-page error screen (spec §2)', () => {
  it('hides details and shows no status code by default', () => {
    expect(errorScreenDefaults).toEqual({ showErrorDetails: false, statusCode: undefined });
  });
});
