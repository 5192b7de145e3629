import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export type AuthView = 'login' | 'register' | 'forgot-password';

const linkClass = 'font-medium text-indigo-600 hover:text-indigo-500';

/**
 * On its own page an auth form links to the other pages; inside the /app switcher it switches the
 * view in place, so the visitor stays on the address they asked for.
 */
export function SwitchLink({ view, onSwitch, children }: { view: AuthView; onSwitch?: ((view: AuthView) => void) | undefined; children: ReactNode }) {
  if (onSwitch) {
    return (
      <button type="button" className={linkClass} onClick={() => onSwitch(view)}>
        {children}
      </button>
    );
  }
  return (
    <Link className={linkClass} to={`/${view}`}>
      {children}
    </Link>
  );
}
