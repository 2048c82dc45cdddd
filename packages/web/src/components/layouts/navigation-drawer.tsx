import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { navigationDrawerId } from './site-header.tsx';

/**
 * The phone's navigation (ADR 024): a drawer from the left holding what the wide layout shows beside the page.
 * React Aria gives it the modal's focus trap, Escape, scroll lock and focus return to the menu button. Following a
 * link inside closes it, so the page the user chose is what they see.
 */
export function NavigationDrawer({
  isOpen,
  onClose,
  children,
}: {
  isOpen: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      isDismissable
      className="fixed inset-0 z-50 bg-slate-950/60"
    >
      <Modal className="fixed inset-y-0 left-0 flex w-[min(20rem,88vw)] flex-col bg-white text-slate-900 shadow-2xl dark:bg-slate-900 dark:text-slate-100">
        <Dialog
          id={navigationDrawerId}
          aria-labelledby="navigation-drawer-title"
          className="flex h-full flex-col outline-none"
          onClick={(event) => {
            if ((event.target as HTMLElement).closest('a[href]')) onClose();
          }}
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3 dark:border-slate-800">
            <Heading id="navigation-drawer-title" slot="title" className="text-base font-semibold">
              Menu
            </Heading>
            <button
              type="button"
              onClick={onClose}
              className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-600 dark:text-slate-200 dark:hover:bg-slate-800"
            >
              Close menu
            </button>
          </div>
          <div className="flex-1 overflow-y-auto px-4 py-4">{children}</div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
