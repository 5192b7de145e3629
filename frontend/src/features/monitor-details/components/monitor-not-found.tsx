import { ButtonLink } from '@/components/ui/button';
import { MonitorIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';

/** A 404 from the API: the monitor was deleted, belongs to someone else, or the address is wrong. */
export function MonitorNotFound() {
  return (
    <div className="rounded-xl border-2 border-dashed border-slate-300 bg-white px-6 py-16 text-center">
      <title>Monitor not found · Upwatch</title>
      <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        <MonitorIcon className="size-6" />
      </div>
      <h1 className="mt-4 text-lg font-semibold text-slate-900">Monitor not found</h1>
      <p className="mx-auto mt-1 max-w-md text-sm text-slate-600">
        There is no monitor at this address in your account. It may have been deleted, or the link may be wrong.
      </p>
      <ButtonLink to={paths.app.monitors} className="mt-6">
        Back to monitors
      </ButtonLink>
    </div>
  );
}
