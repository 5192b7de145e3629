import type { ComponentType, SVGProps } from 'react';
import { SectionHeading } from '@/components/layout/public-page-header';
import { BellIcon, BoltIcon, ChartIcon, ClockIcon, GlobeIcon, HomeIcon, MailIcon, ShieldIcon } from '@/components/ui/icons';

interface Feature {
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  title: string;
  body: string;
}

// The core functions (docs/product-rules.md "Public pages and policies"), with the marketing claims worded as measured
// (docs/product-rules.md "Marketing claims"), SSL expiry monitoring, multi-location checks and the alert channels (docs/alerts.md "Channels").
const FEATURES: Feature[] = [
  {
    icon: ClockIcon,
    title: '24/7 availability checks',
    body: 'Your sites are checked around the clock at the interval you choose, down to every 30 seconds on Business and Enterprise.',
  },
  {
    icon: GlobeIcon,
    title: 'Multi-location checks',
    body: 'Every site is checked from more than one location, and it is only marked down when the locations agree — no false alarms from one bad route.',
  },
  {
    icon: BoltIcon,
    title: 'Alerts within 30 seconds of a failed check',
    body: 'Once a check finds a site down (retried, and confirmed by the other locations), the alert goes out within 30 seconds, and again when it recovers — once per change, never a flood. How soon the check comes follows your interval.',
  },
  {
    icon: ChartIcon,
    title: 'Response-time tracking',
    body: 'Each check records how long your site took to answer, so slow pages stand out before they turn into outages.',
  },
  {
    icon: BellIcon,
    title: 'Incident history',
    body: 'Downtime, recovery and slow periods become incidents with a plain-language explanation and a recommended next step.',
  },
  {
    icon: ShieldIcon,
    title: 'SSL expiry monitoring',
    body: 'Keep an eye on your certificates, so visitors never meet a browser warning because one quietly expired.',
  },
  {
    icon: HomeIcon,
    title: 'One clear dashboard',
    body: 'See which sites are online, offline or paused at a glance, with uptime over the last 24 hours and your recent incidents.',
  },
  {
    icon: MailIcon,
    title: 'Alerts where your team works',
    body: 'Slack, Microsoft Teams, Discord, Telegram, PagerDuty, text messages and signed webhooks, with reminders, escalation and one-click acknowledgement.',
  },
];

const STEPS = [
  { title: 'Add your website', body: 'Give it a name and its URL, and choose how often to check it.' },
  { title: 'We watch it for you', body: 'Checks run day and night from several locations and record every response time.' },
  { title: 'Hear about problems first', body: 'An e-mail tells you what happened and what to do, and the incident is kept in your history.' },
];

export function Features() {
  return (
    <section id="features" aria-labelledby="features-heading" className="scroll-mt-16 bg-white pt-12 pb-20 sm:pt-16 sm:pb-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="features-heading"
          title="Everything you need to stay up"
          lead="Add a website in seconds; Upwatch does the watching and tells you when it matters."
        />
        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map(({ icon: Icon, title, body }) => (
            <li key={title} className="rounded-2xl border border-slate-200 p-6 transition hover:border-indigo-200 hover:shadow-sm">
              <div className="flex items-center justify-between gap-2">
                <span className="flex size-10 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600">
                  <Icon className="size-5" />
                </span>
              </div>
              <h3 className="mt-4 font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{body}</p>
            </li>
          ))}
        </ul>

        <div className="mt-20 rounded-3xl bg-slate-900 px-6 py-12 sm:px-12">
          <h3 className="text-center text-2xl font-bold tracking-tight text-white">How it works</h3>
          <ol className="mt-10 grid gap-8 md:grid-cols-3">
            {STEPS.map((step, index) => (
              <li key={step.title} className="flex gap-4">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-indigo-500 text-sm font-semibold text-white" aria-hidden="true">
                  {index + 1}
                </span>
                <div>
                  <h4 className="font-semibold text-white">{step.title}</h4>
                  <p className="mt-1 text-sm leading-6 text-slate-300">{step.body}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </div>
    </section>
  );
}
