import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Button, type ButtonProps } from './button.tsx';

function renderButton(props: ButtonProps = {}) {
  return render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route path="/" element={<Button {...props} />} />
        <Route path="/members" element={<h1>Members page</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('Button defaults (spec §2)', () => {
  it("renders a real <button> labelled 'Submit' of type button, primary, version 1, without shadow", () => {
    renderButton();
    const button = screen.getByRole('button', { name: 'Submit' });
    expect(button.tagName).toBe('BUTTON');
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveAttribute('data-variant', 'primary');
    expect(button).toHaveAttribute('data-version', '1');
    expect(button).toBeEnabled();
    expect(button.className).not.toContain('shadow-md');
    expect(button.className).toContain('rounded-md');
  });

  it('calls onClick, takes a type and passes aria and data attributes through', async () => {
    const onClick = vi.fn();
    renderButton({
      label: 'Save',
      type: 'submit',
      onClick,
      'aria-describedby': 'hint',
      'data-testid': 'save',
      'data-track': 'save-member',
    });
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveAttribute('type', 'submit');
    expect(button).toHaveAttribute('aria-describedby', 'hint');
    expect(button).toHaveAttribute('data-track', 'save-member');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});

describe('Button options', () => {
  it('shows the icon on the left by default and on the right when asked', () => {
    const { unmount } = renderButton({ label: 'Next', icon: '→' });
    let button = screen.getByRole('button', { name: 'Next' });
    expect(button.firstElementChild).toHaveTextContent('→');
    expect(button.firstElementChild).toHaveAttribute('aria-hidden', 'true');
    unmount();
    renderButton({ label: 'Next', icon: '→', iconPosition: 'right' });
    button = screen.getByRole('button', { name: 'Next' });
    expect(button.lastElementChild).toHaveTextContent('→');
  });

  it.each(['primary', 'secondary', 'tertiary', 'quaternary', 'transparent'] as const)(
    'variant %s has its own style, and its own disabled style',
    (variant) => {
      const { unmount } = renderButton({ variant, label: 'On' });
      const enabled = screen.getByRole('button', { name: 'On' }).className;
      unmount();
      renderButton({ variant, label: 'Off', disabled: true });
      const disabled = screen.getByRole('button', { name: 'Off' }).className;
      expect(enabled).not.toBe(disabled);
      expect(disabled).toContain('cursor-not-allowed');
    },
  );

  it('styles differ between every pair of variants', () => {
    const classes = (['primary', 'secondary', 'tertiary', 'quaternary', 'transparent'] as const).map(
      (variant) => {
        const { unmount } = renderButton({ variant, label: variant });
        const c = screen.getByRole('button', { name: variant }).className;
        unmount();
        return c;
      },
    );
    expect(new Set(classes).size).toBe(5);
  });

  it('adds a shadow and the version 2 shape when asked', () => {
    renderButton({ shadow: true, version: 2 });
    const button = screen.getByRole('button', { name: 'Submit' });
    expect(button.className).toContain('shadow-md');
    expect(button.className).toContain('rounded-full');
    expect(button).toHaveAttribute('data-version', '2');
  });

  it('a disabled button suppresses clicks', async () => {
    const onClick = vi.fn();
    renderButton({ disabled: true, onClick });
    const button = screen.getByRole('button', { name: 'Submit' });
    expect(button).toBeDisabled();
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });
});

describe('Button as a link', () => {
  it('any href other than # renders a client-side link that navigates', async () => {
    renderButton({ href: '/members', label: 'Members' });
    const link = screen.getByRole('link', { name: 'Members' });
    expect(link).toHaveAttribute('href', '/members');
    expect(link).toHaveAttribute('target', '_self');
    await userEvent.click(link);
    expect(screen.getByRole('heading', { name: 'Members page' })).toBeInTheDocument();
  });

  it('an external link is a plain anchor with its target and a safe rel', () => {
    renderButton({ href: 'https://example.org/help', label: 'Help', external: true, target: '_blank' });
    const link = screen.getByRole('link', { name: 'Help' });
    expect(link).toHaveAttribute('href', 'https://example.org/help');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('a disabled link goes nowhere and says so', async () => {
    const onClick = vi.fn();
    renderButton({ href: '/members', label: 'Members', disabled: true, onClick });
    const link = screen.getByRole('link', { name: 'Members' });
    expect(link).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(link);
    expect(onClick).not.toHaveBeenCalled();
    expect(screen.queryByRole('heading', { name: 'Members page' })).not.toBeInTheDocument();
  });
});
