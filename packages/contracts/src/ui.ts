import { defaultButtonLabel } from './messages.ts';

/** Visual variants of the reusable button (§2); each has its own disabled style. */
export const ButtonVariant = {
  Primary: 'primary',
  Secondary: 'secondary',
  Tertiary: 'tertiary',
  Quaternary: 'quaternary',
  Transparent: 'transparent',
} as const;
/** One button variant. */
export type ButtonVariant = (typeof ButtonVariant)[keyof typeof ButtonVariant];

/** Which side of the label a button's icon sits on (§2). */
export const ButtonIconPosition = { Left: 'left', Right: 'right' } as const;
/** One icon position. */
export type ButtonIconPosition = (typeof ButtonIconPosition)[keyof typeof ButtonIconPosition];

/** Where a link button opens (§2). */
export const ButtonTarget = { Self: '_self', Blank: '_blank' } as const;
/** One link target. */
export type ButtonTarget = (typeof ButtonTarget)[keyof typeof ButtonTarget];

/** The two button designs (§2: version 1 or 2). */
export const ButtonVersion = { V1: 1, V2: 2 } as const;
/** One button version. */
export type ButtonVersion = (typeof ButtonVersion)[keyof typeof ButtonVersion];

/**
 * The reusable button's option defaults (§2). href '#' means "no link": the button renders as a real button.
 * `type` is the HTML button type; the spec shows only its default.
 */
export const buttonDefaults = {
  href: '#',
  label: defaultButtonLabel,
  icon: undefined,
  iconPosition: ButtonIconPosition.Left,
  variant: ButtonVariant.Primary,
  shadow: false,
  external: false,
  type: 'button',
  target: ButtonTarget.Self,
  disabled: false,
  version: ButtonVersion.V1,
} as const;

/** The href that makes the reusable button render as a button rather than a link (§2). */
export const buttonNoLinkHref = buttonDefaults.href;

/** Defaults of the full-page error screen's optional inputs (§2): details hidden, no status code. */
export const errorScreenDefaults = { showErrorDetails: false, statusCode: undefined } as const;
