import { useEffect, useRef, type RefObject } from 'react';

export const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface FocusTrapOptions {
  open: boolean;
  onClose: () => void;
  /** Where focus goes when the panel opens (the panel's own first control differs per dialog). */
  initialFocus: (panel: HTMLElement) => HTMLElement | null | undefined;
}

/**
 * Keeps keyboard focus inside `panel` while it is open, as a modal dialog must: focus moves in on
 * open, Tab and Shift+Tab cycle through the panel's controls, Escape closes, the page behind does
 * not scroll, and focus returns to the element that had it before.
 */
export function useFocusTrap(panel: RefObject<HTMLElement | null>, { open, onClose, initialFocus }: FocusTrapOptions): void {
  // The latest callbacks, so the effect runs on open and close only (not on every parent render,
  // which would steal focus back to the first field while the user types).
  const latest = useRef({ onClose, initialFocus });
  useEffect(() => {
    latest.current = { onClose, initialFocus };
  });

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (panel.current) latest.current.initialFocus(panel.current)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        latest.current.onClose();
        return;
      }
      if (event.key !== 'Tab' || !panel.current) return;
      const focusable = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = focusable[0];
      const last = focusable.at(-1);
      if (!first || !last) return;
      const inside = panel.current.contains(document.activeElement);
      if (event.shiftKey && (document.activeElement === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
    };
  }, [open, panel]);
}
