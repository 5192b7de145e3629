import { Button } from '@/components/ui/button';
import { SETTINGS_TEXT } from '../texts';
import { ActiveSessionsCard } from './active-sessions-card';
import { ChangePasswordForm } from './change-password-form';
import { DangerZone } from './danger-zone';
import { SectionHeader, SettingsCard } from './settings-card';

/** Security (docs/product-rules.md "Auth flows and token lifetimes"): change password, two-factor authentication (Coming Soon), and the Danger Zone. */
export function SecuritySection() {
  return (
    <>
      <SectionHeader title="Security" description="Keep your account safe." />
      <ChangePasswordForm />
      <SettingsCard
        title="Two-Factor Authentication"
        description="A second step at sign-in, with a code from an authenticator app."
        actions={
          <Button variant="secondary" disabled>
            {SETTINGS_TEXT.enableTwoFactor}
          </Button>
        }
      />
      <ActiveSessionsCard />
      <DangerZone />
    </>
  );
}
