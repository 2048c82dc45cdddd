import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Modal, type ModalProps } from './modal.tsx';

function Harness(props: Partial<ModalProps>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal isOpen={open} onClose={() => setOpen(false)} title="Remove member" {...props}>
        <p>Are you sure?</p>
        <button type="button">First action</button>
        <button type="button">Second action</button>
      </Modal>
    </>
  );
}

async function open(props: Partial<ModalProps> = {}) {
  const user = userEvent.setup();
  render(<Harness {...props} />);
  const trigger = screen.getByRole('button', { name: 'Open' });
  await user.click(trigger);
  const dialog = await screen.findByRole(props.role ?? 'dialog', { name: 'Remove member' });
  return { user, trigger, dialog };
}

describe('Modal (spec §2 accessible modal)', () => {
  it('is a labelled dialog that moves focus inside', async () => {
    const { dialog } = await open();
    expect(dialog).toHaveTextContent('Are you sure?');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  });

  it('closes on Escape and returns focus to the element focused before', async () => {
    const { user, trigger } = await open();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it("closes with the 'Close modal' button", async () => {
    const { user, trigger } = await open();
    await user.click(screen.getByRole('button', { name: 'Close modal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it('closes on a backdrop click, unless backdrop closing is disabled', async () => {
    const first = await open();
    await first.user.click(screen.getByTestId('modal-backdrop'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('stays open on a backdrop click when closeOnBackdrop is false, but Escape still closes', async () => {
    const { user, dialog } = await open({ closeOnBackdrop: false });
    await user.click(screen.getByTestId('modal-backdrop'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    // Focus containment brings focus back into the dialog, where Escape is heard.
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps Tab focus trapped inside the dialog', async () => {
    const { user, dialog } = await open();
    for (let i = 0; i < 5; i++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await user.tab({ shift: true });
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('a non-dismissable modal has no close button and ignores Escape and the backdrop', async () => {
    const { user } = await open({ dismissable: false });
    expect(screen.queryByRole('button', { name: 'Close modal' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await act(() => user.click(screen.getByTestId('modal-backdrop')));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('can be an alertdialog for destructive confirmations', async () => {
    const { dialog } = await open({ role: 'alertdialog' });
    expect(dialog).toHaveAttribute('role', 'alertdialog');
  });
});
