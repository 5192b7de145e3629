import { ButtonLink } from '@/components/ui/button';
import { ArrowRightIcon, CheckCircleIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { TIER_IDS, TIERS } from '@shared/tiers.js';

/** The shortest check interval any plan allows (docs/product-rules.md "Tiers and caps"). */
const SHORTEST_INTERVAL_SECONDS = Math.min(...TIER_IDS.map((id) => TIERS[id].minCheckIntervalSeconds));

// Each figure is measured or a rule of the product, and says what it is (docs/product-rules.md "Marketing claims").
const STATS = [
  { value: '10,000', label: 'Monitors per deployment, load-tested at 30-second checks' },
  { value: `${SHORTEST_INTERVAL_SECONDS} s`, label: 'Shortest check interval' },
  { value: '< 30 s', label: 'From a check that finds a site down to the alert' },
  { value: '24/7', label: 'Availability checks' },
];

export function Hero() {
  return (
    <section className="relative isolate overflow-hidden bg-gradient-to-b from-indigo-50 via-white to-white">
      <div
        className="absolute inset-0 -z-20 bg-[linear-gradient(to_right,#e0e7ff_1px,transparent_1px),linear-gradient(to_bottom,#e0e7ff_1px,transparent_1px)] [mask-image:radial-gradient(ellipse_at_top,black_20%,transparent_70%)] bg-[size:48px_48px] opacity-60"
        aria-hidden="true"
      />
      <div className="mx-auto max-w-6xl px-4 pt-20 pb-14 text-center sm:px-6 sm:pt-28">
        <span className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-xs font-medium text-indigo-700 shadow-sm ring-1 ring-indigo-100">
          <span className="relative flex size-2" aria-hidden="true">
            <span className="absolute inline-flex size-full animate-ping rounded-full bg-emerald-400 opacity-60 motion-reduce:hidden" />
            <span className="relative inline-flex size-2 rounded-full bg-emerald-500" />
          </span>
          Website uptime monitoring
        </span>
        <h1 className="mx-auto mt-6 max-w-3xl text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-6xl">
          Know the moment your website goes down
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-slate-600">
          Upwatch checks your sites around the clock from multiple locations, tracks their response times and sends the
          alert within 30 seconds of the check that finds something broken — and again when it is fixed. How soon that
          check comes follows the interval you choose, as often as every {SHORTEST_INTERVAL_SECONDS} seconds on Business and
          Enterprise.
        </p>
        <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <ButtonLink to={paths.register} size="lg" className="w-full sm:w-auto">
            Start Free
            <ArrowRightIcon className="size-4" />
          </ButtonLink>
          <ButtonLink to={paths.pricing} size="lg" variant="secondary" className="w-full sm:w-auto">
            See pricing
          </ButtonLink>
        </div>
        <ul className="mt-6 flex flex-wrap items-center justify-center gap-x-6 gap-y-2 text-sm text-slate-500">
          {['Free plan for one website', 'No card needed', 'E-mail alerts included'].map((point) => (
            <li key={point} className="flex items-center gap-1.5">
              <CheckCircleIcon className="size-4 text-emerald-500" />
              {point}
            </li>
          ))}
        </ul>
      </div>
      <div className="mx-auto max-w-5xl px-4 pb-16 sm:px-6 sm:pb-20">
        <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {STATS.map((stat) => (
            <div key={stat.label} className="flex flex-col rounded-2xl bg-white/90 px-4 py-6 text-center shadow-sm ring-1 ring-slate-200 backdrop-blur sm:px-6">
              <dt className="mt-1 text-sm text-slate-500">{stat.label}</dt>
              <dd className="order-first text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
