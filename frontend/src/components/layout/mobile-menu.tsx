import { useRef, type ReactNode } from 'react';
import { CloseIcon } from '../ui/icons';
import { Logo } from '../ui/logo';
import { useFocusTrap } from '../ui/use-focus-trap';
import { paths } from '@/config/paths';

interface MobileMenuProps {
  open: boolean;
  onClose: () => void;
  id: string;
  children: ReactNode;
}

/**
 * The app's sidebar on small screens (docs/product-rules.md "Screens and routes"): a panel that slides in over a dimmed overlay.
 * Focus moves into it and stays there while it is open; Escape or the overlay closes it, and focus
 * returns to the button that opened it.
 */
export function MobileMenu({ open, onClose, id, children }: MobileMenuProps) {
  const panel = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  useFocusTrap(panel, { open, onClose, initialFocus: () => closeButton.current });

  if (!open) return null;
  return (
    <div className="fixed inset-0 z-40 lg:hidden">
      <div className="fixed inset-0 animate-fade-in bg-slate-900/50" onClick={onClose} aria-hidden="true" />
      <div
        ref={panel}
        id={id}
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        className="fixed inset-y-0 left-0 flex w-72 max-w-[85vw] animate-slide-in flex-col bg-white shadow-xl"
      >
        <div className="flex h-16 items-center justify-between border-b border-slate-200 px-4">
          <Logo to={paths.app.dashboard} />
          <button
            ref={closeButton}
            type="button"
            className="rounded-md p-2 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
            onClick={onClose}
            aria-label="Close menu"
          >
            <CloseIcon className="size-5" />
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
