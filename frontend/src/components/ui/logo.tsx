import { Link } from 'react-router-dom';
import { PulseIcon } from './icons';

/**
 * The mark and the name, linking home. `compact` keeps the name for screen readers only on a phone
 * (the app header, where the workspace's name needs the room).
 */
export function Logo({ to, compact = false }: { to: string; compact?: boolean }) {
  return (
    <Link to={to} className="flex items-center gap-2 text-lg font-semibold tracking-tight text-slate-900">
      <span className="flex size-8 items-center justify-center rounded-lg bg-indigo-600 text-white shadow-sm">
        <PulseIcon className="size-5" />
      </span>
      {compact ? <span className="sr-only sm:not-sr-only">Upwatch</span> : 'Upwatch'}
    </Link>
  );
}
