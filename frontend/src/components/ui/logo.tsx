import { Link } from 'react-router-dom';
import { PulseIcon } from './icons';

export function Logo({ to }: { to: string }) {
  return (
    <Link to={to} className="flex items-center gap-2 text-lg font-semibold tracking-tight text-slate-900">
      <span className="flex size-8 items-center justify-center rounded-lg bg-indigo-600 text-white shadow-sm">
        <PulseIcon className="size-5" />
      </span>
      Upwatch
    </Link>
  );
}
