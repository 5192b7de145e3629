import { useSyncExternalStore } from 'react';
import { earlyInputSettled, onEarlyInputSettled } from '@/lib/early-input';

/**
 * False while React is taking over prerendered HTML (and in the build's prerender) and until what
 * was typed into it meanwhile is handed to its forms (lib/early-input.ts); true from then on, and
 * on every render in the browser of a page that was not prerendered (docs/performance-web.md
 * "Sign-in forms prerendered"): what only works with the page's code, such as a form's submit
 * button, waits for it.
 */
export const useHydrated = (): boolean => useSyncExternalStore(onEarlyInputSettled, earlyInputSettled, () => false);
