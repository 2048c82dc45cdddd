import type { ReactNode } from 'react';
import { Dialog, Heading, Modal as AriaModal, ModalOverlay } from 'react-aria-components';
import { closeModalLabel } from '@touchline/contracts/messages';

export interface ModalProps {
  isOpen: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Clicking the backdrop closes the modal unless this is false. */
  closeOnBackdrop?: boolean;
  /**
   * False for a modal the user must answer (the spec's Updated Policies modal "cannot be closed"): no Escape,
   * no backdrop, no close button.
   */
  dismissable?: boolean;
  /** 'alertdialog' for a confirmation of something destructive. */
  role?: 'dialog' | 'alertdialog';
  footer?: ReactNode;
}

/**
 * The accessible modal of spec §2: Escape, a backdrop click (unless disabled) or the 'Close modal' button closes it;
 * focus stays inside while open and returns to what was focused before. React Aria provides the focus trap,
 * restoration, scroll lock and hiding the rest of the page from assistive technology.
 */
export function Modal({
  isOpen,
  onClose,
  title,
  children,
  closeOnBackdrop = true,
  dismissable = true,
  role = 'dialog',
  footer,
}: ModalProps) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      isDismissable={dismissable && closeOnBackdrop}
      isKeyboardDismissDisabled={!dismissable}
      className="fixed inset-0 z-50 flex items-center justify-center bg-slate-950/60 p-4"
      data-testid="modal-backdrop"
    >
      <AriaModal className="w-full max-w-lg rounded-xl bg-white text-slate-900 shadow-2xl dark:bg-slate-900 dark:text-slate-100">
        <Dialog role={role} className="relative p-6 outline-none">
          <div className="flex items-start justify-between gap-4">
            <Heading slot="title" className="text-lg font-semibold">
              {title}
            </Heading>
            {dismissable ? (
              <button
                type="button"
                aria-label={closeModalLabel}
                onClick={onClose}
                className="-m-1 rounded-md p-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-emerald-600 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
              >
                <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
                  <path d="M4.3 4.3a1 1 0 0 1 1.4 0L10 8.6l4.3-4.3a1 1 0 1 1 1.4 1.4L11.4 10l4.3 4.3a1 1 0 0 1-1.4 1.4L10 11.4l-4.3 4.3a1 1 0 0 1-1.4-1.4L8.6 10 4.3 5.7a1 1 0 0 1 0-1.4Z" />
                </svg>
              </button>
            ) : null}
          </div>
          <div className="mt-4">{children}</div>
          {footer ? <div className="mt-6 flex justify-end gap-3">{footer}</div> : null}
        </Dialog>
      </AriaModal>
    </ModalOverlay>
  );
}
