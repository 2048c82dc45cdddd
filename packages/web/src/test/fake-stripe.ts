import { vi } from 'vitest';

/**
 * A stand-in for the Stripe object that `loadStripe` resolves to, for tests that mock `@stripe/stripe-js` at the
 * module boundary (Stripe.js cannot load here). It has what `@stripe/react-stripe-js` checks and calls (elements,
 * create, mount, on/off, getElement) and records what the page asked Stripe for; it confirms nothing by itself:
 * each test says what `createPaymentMethod` and `confirmSetup` answer.
 */
export function fakeStripe() {
  const created: { type: string; options: unknown; mountedIn: Element | null }[] = [];
  const element = (type: string, options: unknown) => {
    const record = { type, options, mountedIn: null as Element | null };
    created.push(record);
    return {
      mount: (node: Element) => {
        record.mountedIn = node;
        node.setAttribute('data-stripe-element', type);
      },
      on: vi.fn(),
      off: vi.fn(),
      update: vi.fn(),
      destroy: vi.fn(),
    };
  };
  const elementsOptions: unknown[] = [];
  const mounted = new Map<string, ReturnType<typeof element>>();
  const stripe = {
    elements: vi.fn((options?: unknown) => {
      elementsOptions.push(options);
      return {
        create: (type: string, options?: unknown) => {
          const made = element(type, options);
          mounted.set(type, made);
          return made;
        },
        getElement: (type: string) => mounted.get(type) ?? null,
        update: vi.fn(),
        submit: vi.fn(async () => ({})),
      };
    }),
    createToken: vi.fn(),
    confirmCardPayment: vi.fn(),
    createPaymentMethod: vi.fn(),
    confirmSetup: vi.fn(),
  };
  return { stripe, created, elementsOptions };
}
