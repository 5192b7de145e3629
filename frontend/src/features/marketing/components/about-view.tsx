import { POLICY } from '@shared/policies.js';
import { TEXT } from '@shared/texts.js';
import { PublicPageHeader, SectionHeading } from '@/components/layout/public-page-header';
import { ButtonLink } from '@/components/ui/button';
import { ChatIcon, DownloadIcon, GlobeIcon, MapPinIcon, ShieldIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';

const VALUES = [
  {
    icon: GlobeIcon,
    title: 'Alerts you can trust',
    body: 'A site is only marked down when the locations that check it agree, so an alert means a real problem — not one bad network route.',
  },
  {
    icon: ChatIcon,
    title: 'Plain language',
    body: 'Every incident says what happened, whether your visitors can still reach the site, and what to do next. The technical details are there when you want them.',
  },
  {
    icon: ShieldIcon,
    title: 'Honest pricing',
    body: 'A free plan for one website, clear limits on every plan, and no contract: cancel whenever you like from your settings.',
  },
  {
    icon: DownloadIcon,
    title: 'Your data stays yours',
    body: 'Export your monitors and incidents as JSON at any time, and delete your account yourself whenever you choose.',
  },
];

/** /about: who runs Upwatch and what it stands for. */
export function AboutView() {
  const { city, state, country } = POLICY.operator;
  return (
    <>
      <PublicPageHeader
        eyebrow="About Upwatch"
        title="We watch your websites, so you don’t have to"
        lead="Upwatch is a website uptime-monitoring service for site owners — from a single personal site to hundreds of company websites."
      />

      <section aria-labelledby="mission-heading" className="bg-white py-16 sm:py-20">
        <div className="mx-auto grid max-w-6xl gap-12 px-4 sm:px-6 lg:grid-cols-2 lg:items-center">
          <div>
            <h2 id="mission-heading" className="text-3xl font-bold tracking-tight text-slate-900">
              Why we built Upwatch
            </h2>
            <div className="mt-6 space-y-4 text-slate-600">
              <p>
                A website that is down loses visitors, sales and trust — and too often nobody notices until a customer
                complains. Checking by hand does not scale, and many monitoring tools bury the one alert that matters under
                dozens that do not.
              </p>
              <p>
                Upwatch is the colleague who never sleeps. It checks your sites around the clock from several locations,
                records how fast they answer, and tells you plainly when something breaks and when it is fixed. When all is
                well, it stays quiet.
              </p>
            </div>
          </div>
          <div className="rounded-3xl bg-gradient-to-br from-indigo-600 to-indigo-800 p-8 text-white shadow-lg sm:p-10">
            <MapPinIcon className="size-8 text-indigo-200" />
            <h3 className="mt-4 text-xl font-semibold">Where we are</h3>
            <p className="mt-3 text-indigo-100">
              Upwatch is run by a company based in {city}, {state}, {country}, and serves site owners around the world.
            </p>
          </div>
        </div>
      </section>

      <section aria-labelledby="values-heading" className="bg-slate-50 py-16 sm:py-20">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <SectionHeading id="values-heading" title="What we care about" />
          <ul className="mt-12 grid gap-6 sm:grid-cols-2">
            {VALUES.map(({ icon: Icon, title, body }) => (
              <li key={title} className="flex gap-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600">
                  <Icon className="size-5" />
                </span>
                <div>
                  <h3 className="font-semibold text-slate-900">{title}</h3>
                  <p className="mt-2 text-sm leading-6 text-slate-600">{body}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="about-cta-heading" className="bg-white py-16 sm:py-20">
        <div className="mx-auto max-w-3xl px-4 text-center sm:px-6">
          <h2 id="about-cta-heading" className="text-3xl font-bold tracking-tight text-slate-900">
            Questions, ideas or a partnership in mind?
          </h2>
          <p className="mt-4 text-slate-600">We read every message. {TEXT.contactReplyPromise}</p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <ButtonLink to={paths.contact} size="lg">
              Contact us
            </ButtonLink>
            <ButtonLink to={paths.register} size="lg" variant="secondary">
              Start Free
            </ButtonLink>
          </div>
        </div>
      </section>
    </>
  );
}
