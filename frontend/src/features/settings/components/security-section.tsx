import { ActiveSessionsCard } from './active-sessions-card';
import { ChangePasswordForm } from './change-password-form';
import { DangerZone } from './danger-zone';
import { SectionHeader } from './settings-card';
import { TwoFactorCard } from './two-factor-card';

/** Security (docs/product-rules.md "Auth flows and token lifetimes"): change password, two-factor sign-in (docs/security.md "Two-factor sign-in"), and the Danger Zone. */
export function SecuritySection() {
  return (
    <>
      <SectionHeader title="Security" description="Keep your account safe." />
      <ChangePasswordForm />
      <TwoFactorCard />
      <ActiveSessionsCard />
      <DangerZone />
    </>
  );
}
