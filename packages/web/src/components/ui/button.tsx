import type { AriaAttributes, MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import {
  buttonDefaults,
  type ButtonIconPosition,
  type ButtonTarget,
  type ButtonVariant,
  type ButtonVersion,
} from '@touchline/contracts/ui';

export type { ButtonVariant };

type DataAttributes = { [key: `data-${string}`]: string | number | boolean | undefined };

/** The reusable button of spec §2, with its options and defaults. */
export type ButtonProps = AriaAttributes &
  DataAttributes & {
    /** '#' (the default) renders a real <button>; anything else renders a link. */
    href?: string;
    label?: ReactNode;
    icon?: ReactNode;
    iconPosition?: ButtonIconPosition;
    variant?: ButtonVariant;
    shadow?: boolean;
    /** A link that leaves the app: a plain <a> (with a safe rel) rather than a client-side route. */
    external?: boolean;
    type?: 'button' | 'submit' | 'reset';
    target?: ButtonTarget;
    disabled?: boolean;
    /** 1: the standard rectangle; 2: the larger, rounded call-to-action shape. */
    version?: ButtonVersion;
    /** 'danger' for an action that harms someone and is hard to undo (a disqualification): red, never green. */
    tone?: 'danger';
    onClick?: (event: MouseEvent<HTMLElement>) => void;
    className?: string;
    id?: string;
    role?: string;
    tabIndex?: number;
    title?: string;
  };

const base =
  'inline-flex items-center justify-center gap-2 font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 dark:focus-visible:outline-emerald-400 select-none';

const shapes = {
  // At least 44 px tall below the md breakpoint: a thumb's target on a phone (WCAG 2.5.5), unchanged on a desktop.
  1: 'rounded-md px-4 py-2 text-sm max-md:min-h-11',
  2: 'rounded-full px-6 py-3 text-base',
} as const;

const variants: Record<ButtonVariant, { enabled: string; disabled: string }> = {
  primary: {
    enabled:
      'bg-emerald-700 text-white hover:bg-emerald-800 dark:bg-emerald-500 dark:text-slate-950 dark:hover:bg-emerald-400',
    disabled: 'bg-slate-300 text-slate-600 dark:bg-slate-700 dark:text-slate-300',
  },
  secondary: {
    enabled:
      'border border-emerald-700 bg-white text-emerald-800 hover:bg-emerald-50 dark:border-emerald-400 dark:bg-slate-900 dark:text-emerald-300 dark:hover:bg-slate-800',
    disabled:
      'border border-slate-300 bg-white text-slate-500 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-400',
  },
  tertiary: {
    enabled:
      'bg-slate-100 text-slate-900 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700',
    disabled: 'bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400',
  },
  quaternary: {
    enabled:
      'bg-slate-900 text-white hover:bg-slate-700 dark:bg-slate-100 dark:text-slate-900 dark:hover:bg-white',
    disabled: 'bg-slate-400 text-slate-100 dark:bg-slate-600 dark:text-slate-300',
  },
  transparent: {
    enabled: 'bg-transparent text-emerald-800 underline-offset-4 hover:underline dark:text-emerald-300',
    disabled: 'bg-transparent text-slate-500 dark:text-slate-400',
  },
};

const danger = {
  enabled:
    'bg-red-700 text-white hover:bg-red-800 dark:bg-red-400 dark:text-slate-950 dark:hover:bg-red-300 focus-visible:outline-red-700 dark:focus-visible:outline-red-400',
  disabled: 'bg-slate-300 text-slate-600 dark:bg-slate-700 dark:text-slate-300',
};

export function buttonClassName(
  variant: ButtonVariant,
  version: ButtonVersion,
  shadow: boolean,
  disabled: boolean,
  tone?: 'danger',
) {
  const style = tone === 'danger' ? danger : variants[variant];
  return [
    base,
    shapes[version],
    disabled ? `${style.disabled} cursor-not-allowed` : `${style.enabled} cursor-pointer`,
    shadow ? 'shadow-md' : '',
  ]
    .filter(Boolean)
    .join(' ');
}

export function Button({
  href = buttonDefaults.href,
  label = buttonDefaults.label,
  icon,
  iconPosition = buttonDefaults.iconPosition,
  variant = buttonDefaults.variant,
  shadow = buttonDefaults.shadow,
  external = buttonDefaults.external,
  type = buttonDefaults.type,
  target = buttonDefaults.target,
  disabled = buttonDefaults.disabled,
  version = buttonDefaults.version,
  tone,
  onClick,
  className,
  ...rest
}: ButtonProps) {
  const classes = [buttonClassName(variant, version, shadow, disabled, tone), className]
    .filter(Boolean)
    .join(' ');
  const content = (
    <>
      {icon && iconPosition === 'left' ? <span aria-hidden="true">{icon}</span> : null}
      <span>{label}</span>
      {icon && iconPosition === 'right' ? <span aria-hidden="true">{icon}</span> : null}
    </>
  );
  const handleClick = (event: MouseEvent<HTMLElement>) => {
    if (disabled) {
      event.preventDefault();
      event.stopPropagation();
      return;
    }
    onClick?.(event);
  };
  const common = {
    ...rest,
    className: classes,
    onClick: handleClick,
    'data-variant': variant,
    'data-tone': tone,
    'data-version': version,
  };

  if (href === buttonDefaults.href) {
    return (
      <button {...common} type={type} disabled={disabled} aria-disabled={disabled || undefined}>
        {content}
      </button>
    );
  }
  // A disabled link keeps its place in the reading order but goes nowhere.
  const linkState = disabled ? { 'aria-disabled': true, tabIndex: -1 } : {};
  const rel = target === '_blank' || external ? 'noopener noreferrer' : undefined;
  if (external) {
    return (
      <a
        {...common}
        {...linkState}
        href={disabled ? undefined : href}
        target={target}
        rel={rel}
        role={disabled ? 'link' : rest.role}
      >
        {content}
      </a>
    );
  }
  return (
    <Link {...common} {...linkState} to={href} target={target} rel={rel}>
      {content}
    </Link>
  );
}
