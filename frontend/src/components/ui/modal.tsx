import { useId, useRef, type ReactNode } from 'react';
import { CloseIcon } from './icons';
import { FOCUSABLE, useFocusTrap } from './use-focus-trap';

interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** `lg` for content laid out in columns (plan cards). */
  size?: 'md' | 'lg';
}

/**
 * A centred dialog over a dimmed page; Escape and the backdrop close it. Focus starts on the first
 * control of the body (not the Close button) and Tab cycles inside the dialog while it is open.
 */
export function Modal({ open, title, onClose, children, size = 'md' }: ModalProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  useFocusTrap(panel, {
    open,
    onClose,
    initialFocus: (dialog) => dialog.querySelector('[data-modal-body]')?.querySelector<HTMLElement>(FOCUSABLE),
  });

  if (!open) return null;
  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center p-4 sm:items-center">
      <div className="fixed inset-0 bg-slate-900/50 backdrop-blur-[2px]" onClick={onClose} aria-hidden="true" />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className={`relative flex max-h-[calc(100dvh-2rem)] w-full flex-col rounded-2xl bg-white shadow-xl ring-1 ring-slate-900/5 ${size === 'lg' ? 'max-w-3xl' : 'max-w-lg'}`}
      >
        <div className="flex items-center justify-between border-b border-slate-100 px-6 py-4">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            className="rounded-md p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
            aria-label="Close"
          >
            <CloseIcon className="size-5" />
          </button>
        </div>
        {/* Focusable, so a keyboard can scroll a body taller than the screen (docs/accessibility.md "Dialogs"). */}
        <div className="overflow-y-auto px-6 py-5 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600" tabIndex={0} data-modal-body>
          {children}
        </div>
      </div>
    </div>
  );
}
