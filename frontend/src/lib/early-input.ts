import { useEffect } from 'react';

/**
 * What a visitor types into a prerendered form before its code is in (docs/performance-web.md
 * "Sign-in forms prerendered"). The sign-in and registration forms are on screen with the first
 * HTML, a moment before React takes them over, and a visitor (or a password manager) may already
 * fill them in. What was typed stays on screen, but the form's state does not know it. So once
 * React has taken the page over, each field whose text differs from what React rendered into it is
 * announced again, as if typed then. (A submit meanwhile cannot happen: the submit button waits for
 * the code, components/ui/button.tsx.)
 */

type TextField = HTMLInputElement | HTMLTextAreaElement;

const NOT_TYPED_INTO = new Set(['checkbox', 'radio', 'file', 'submit', 'button', 'reset', 'image', 'hidden']);

/** Gives `field` the value `typed` so that React's change tracking sees a change and calls the field's onChange. */
const announce = (field: TextField, typed: string): void => {
  // React notes values set through the element; the prototype's own setter goes around that note.
  field.value = '';
  const prototype = Object.getPrototypeOf(field) as object;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, typed);
  field.dispatchEvent(new Event('input', { bubbles: true }));
};

/**
 * Announces the text typed into `container`'s fields before hydration; call once the fields are
 * hydrated. React writes each field's rendered value as its default value, so a field whose value
 * differs from its default value was typed into. All are read first: the form renders again after
 * each announcement and puts its state (still empty) back into the fields not announced yet.
 */
export const announceEarlyInput = (container: HTMLElement): void => {
  const typed = [...container.querySelectorAll<TextField>('input, textarea')]
    .filter((field) => !(field instanceof HTMLInputElement && NOT_TYPED_INTO.has(field.type)))
    .filter((field) => field.value !== field.defaultValue)
    .map((field) => ({ field, value: field.value }));
  for (const { field, value } of typed) if (field.isConnected) announce(field, value);
};

let announced = false;
// A prerendered page is in #root before any script runs (an empty shell is not): until what was typed
// into it is announced, its submit buttons wait (components/ui/use-hydrated.ts), so a click cannot
// send a form whose state has not caught up with its fields yet.
let pending = typeof document !== 'undefined' && Boolean(document.getElementById('root')?.firstElementChild);
const listeners = new Set<() => void>();

/** Whether what was typed before the code came in has been handed to the forms (always, on a page that was not prerendered). */
export const earlyInputSettled = (): boolean => !pending;

/** Calls `listener` once the typing before the code has been handed over. */
export const onEarlyInputSettled = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * Announces, once per page load, what was typed into the page before its code was in. Call it from
 * a component inside the same Suspense boundary as the forms (the public layout's): React hydrates
 * each boundary in its own pass, after the root, and this component's effect runs in the pass that
 * hydrated the forms beside it.
 */
export const useAnnounceEarlyInput = (): void => {
  useEffect(() => {
    if (announced) return;
    announced = true;
    const root = document.getElementById('root');
    // In a task of its own: announced from inside this effect, the form would render the changes only
    // after it, one at a time, each time putting back the fields its state had not caught up with yet.
    setTimeout(() => {
      if (root) announceEarlyInput(root);
      pending = false;
      for (const listener of listeners) listener();
    }, 0);
  }, []);
};
