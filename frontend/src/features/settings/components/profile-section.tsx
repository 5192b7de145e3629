import { useAuth } from '@/lib/session';
import { formatDate } from '@/utils/time';
import { SectionHeader, SettingsCard } from './settings-card';
import { TimezonePreference } from './timezone-preference';

/** Profile (docs/product-rules.md "Settings"): name, e-mail and member-since are shown, not edited (docs/product-rules.md "Validation rules"); then the timezone. */
export function ProfileSection() {
  const { user } = useAuth();
  if (!user) return null;
  const details = [
    { label: 'Full Name', value: user.name },
    { label: 'Email Address', value: user.email },
    { label: 'Member Since', value: formatDate(user.created_at) },
  ];
  return (
    <>
      <SectionHeader title="Profile" description="Your account details and how times are shown to you." />
      <SettingsCard title="Account" description="These details cannot be changed here.">
        <dl className="grid gap-x-6 gap-y-5 sm:grid-cols-2" data-testid="profile-details">
          {details.map(({ label, value }) => (
            <div key={label} className="min-w-0 rounded-lg bg-slate-50 px-4 py-3 ring-1 ring-slate-200">
              <dt className="text-xs font-medium text-slate-500">{label}</dt>
              <dd className="mt-1 truncate text-sm font-medium text-slate-900" title={value}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
      </SettingsCard>
      <TimezonePreference />
    </>
  );
}
