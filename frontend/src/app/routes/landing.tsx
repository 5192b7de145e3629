import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { TIER_IDS, TIERS } from '../../../../shared/tiers.js';
import { ButtonLink } from '../../components/ui/button';
import { AlertIcon, CheckCircleIcon, ClockIcon, GlobeIcon, MailIcon, MonitorIcon } from '../../components/ui/icons';

// Only what the product does today or is built to do (ARCHITECTURE.md §4); no invented numbers.
const FEATURES = [
  {
    icon: GlobeIcon,
    title: 'Checks from several regions',
    body: 'Every site is checked from more than one region, and a site is only marked down when the regions agree.',
  },
  {
    icon: ClockIcon,
    title: 'Response times',
    body: 'Each check records how long your site took to answer, so slow pages stand out before they become outages.',
  },
  {
    icon: AlertIcon,
    title: 'Incident history',
    body: 'Downtime, recovery and slow periods become incidents with a plain explanation and a recommended next step.',
  },
  {
    icon: MailIcon,
    title: 'E-mail alerts',
    body: 'We write to you when a site goes down and again when it recovers — once per change, never a flood.',
  },
  {
    icon: MonitorIcon,
    title: 'One dashboard',
    body: 'See which sites are online, offline or paused at a glance, and filter them as your list grows.',
  },
  {
    icon: CheckCircleIcon,
    title: 'Start free',
    body: 'The free plan monitors one website with checks every 5 minutes. Upgrade when you need more.',
  },
];

const FACTS = [
  { value: '3', label: 'check regions by default' },
  { value: '30 s', label: 'shortest check interval' },
  { value: '4', label: 'plans, from free to enterprise' },
];

export function LandingPage() {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView({ behavior: 'smooth' });
  }, [hash]);

  return (
    <>
      <title>Upwatch — website uptime monitoring</title>
      <section className="relative overflow-hidden bg-gradient-to-b from-indigo-50 via-white to-white">
        <div className="mx-auto max-w-6xl px-4 pt-20 pb-16 text-center sm:px-6 sm:pt-28">
          <span className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-xs font-medium text-indigo-700 shadow-sm ring-1 ring-indigo-100">
            <span className="size-1.5 rounded-full bg-emerald-500" aria-hidden="true" />
            Website uptime monitoring
          </span>
          <h1 className="mx-auto mt-6 max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-6xl">
            Know the moment your website goes down
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600">
            Upwatch checks your sites around the clock from several regions, records their response times and
            e-mails you when something breaks — and when it is fixed.
          </p>
          <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <ButtonLink to="/register" size="lg">
              Start Free
            </ButtonLink>
            <ButtonLink to="/pricing" size="lg" variant="secondary">
              See pricing
            </ButtonLink>
          </div>
        </div>
        <div className="mx-auto max-w-4xl px-4 pb-20 sm:px-6">
          <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
            {FACTS.map((fact) => (
              <div key={fact.label} className="flex flex-col rounded-2xl bg-white px-6 py-5 text-center shadow-sm ring-1 ring-slate-200">
                <dt className="mt-1 text-sm text-slate-500">{fact.label}</dt>
                <dd className="order-first text-3xl font-semibold tracking-tight text-slate-900">{fact.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section id="features" className="scroll-mt-20 bg-white py-20">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <div className="mx-auto max-w-2xl text-center">
            <h2 className="text-3xl font-bold tracking-tight text-slate-900">Everything you need to stay up</h2>
            <p className="mt-4 text-slate-600">Add a website in seconds; Upwatch does the watching.</p>
          </div>
          <div className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map(({ icon: Icon, title, body }) => (
              <div key={title} className="rounded-2xl border border-slate-200 p-6 transition hover:border-indigo-200 hover:shadow-sm">
                <span className="flex size-10 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600">
                  <Icon className="size-5" />
                </span>
                <h3 className="mt-4 font-semibold text-slate-900">{title}</h3>
                <p className="mt-2 text-sm leading-6 text-slate-600">{body}</p>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section className="bg-slate-50 py-20">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <div className="mx-auto max-w-2xl text-center">
            <h2 className="text-3xl font-bold tracking-tight text-slate-900">Simple pricing</h2>
            <p className="mt-4 text-slate-600">Plans differ by how many websites you monitor and how often we check.</p>
          </div>
          <div className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {TIER_IDS.map((id) => {
              const tier = TIERS[id];
              const featured = id === 'pro';
              return (
                <div
                  key={id}
                  className={`flex flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ${featured ? 'ring-2 ring-indigo-600' : 'ring-slate-200'}`}
                >
                  <h3 className="font-semibold text-slate-900">{tier.name}</h3>
                  <p className="mt-3">
                    <span className="text-3xl font-bold tracking-tight text-slate-900">${tier.priceUsd}</span>
                    <span className="text-sm text-slate-500">/month</span>
                  </p>
                  <ul className="mt-5 flex-1 space-y-2 text-sm text-slate-600">
                    {tier.features.slice(0, 3).map((feature) => (
                      <li key={feature} className="flex gap-2">
                        <CheckCircleIcon className="size-5 shrink-0 text-emerald-500" />
                        {feature}
                      </li>
                    ))}
                  </ul>
                </div>
              );
            })}
          </div>
          <p className="mt-8 text-center text-sm">
            <Link to="/pricing" className="font-medium text-indigo-600 hover:text-indigo-500">
              Compare all plans →
            </Link>
          </p>
        </div>
      </section>

      <section className="bg-indigo-600">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-6 px-4 py-14 sm:px-6 md:flex-row">
          <div>
            <h2 className="text-2xl font-bold tracking-tight text-white">Start monitoring your website today</h2>
            <p className="mt-2 text-indigo-100">Free for one website. No card needed.</p>
          </div>
          <Link
            to="/register"
            className="rounded-lg bg-white px-5 py-2.5 font-semibold text-indigo-600 shadow-sm hover:bg-indigo-50"
          >
            Start Free
          </Link>
        </div>
      </section>
    </>
  );
}
