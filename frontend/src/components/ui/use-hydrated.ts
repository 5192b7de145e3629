import { useSyncExternalStore } from 'react';

const never = (): (() => void) => () => undefined;

/**
 * False while React is taking over prerendered HTML (and in the build's prerender), true from then
 * on and on every render in the browser otherwise (docs/performance-web.md "Sign-in forms
 * prerendered"): what only works with the page's code, such as a form's submit button, waits for it.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
