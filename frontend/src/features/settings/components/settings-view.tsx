import type { ComponentType } from 'react';
import { useSearchParams } from 'react-router-dom';
import { sectionFromQuery, type SettingsSectionId } from '../utils/sections';
import { AuditLogSection } from './audit-log-section';
import { ApiKeysSection } from './api-keys-section';
import { ExportSection } from './export-section';
import { MembersSection } from './members-section';
import { NotificationsSection } from './notifications-section';
import { ProfileSection } from './profile-section';
import { SecuritySection } from './security-section';
import { SettingsNav } from './settings-nav';
import { SlaReportsSection } from './sla-reports-section';
import { SubscriptionSection } from './subscription-section';

const SECTIONS: Record<SettingsSectionId, ComponentType> = {
  profile: ProfileSection,
  subscription: SubscriptionSection,
  notifications: NotificationsSection,
  members: MembersSection,
  security: SecuritySection,
  export: ExportSection,
  sla: SlaReportsSection,
  audit: AuditLogSection,
  api: ApiKeysSection,
};

/**
 * The Settings screen (docs/product-rules.md "Settings"): its sections (members and the audit log:
 * docs/teams.md; API keys: docs/api.md), the one in `?section=` shown (profile by default).
 * The other query parameters (session_id, subscription_id, success, cancelled, gateway, upgraded)
 * are kept when switching sections; the subscription section reads them.
 */
export function SettingsView() {
  const [params, setParams] = useSearchParams();
  const section = sectionFromQuery(params);
  const Section = SECTIONS[section];

  const withSection = (next: SettingsSectionId): URLSearchParams => {
    const updated = new URLSearchParams(params);
    updated.set('section', next);
    return updated;
  };

  return (
    <section className="space-y-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Settings</h1>
        <p className="mt-1 text-sm text-slate-600">Your profile, plan, notifications, security and data, in one place.</p>
      </header>
      <div className="grid gap-6 md:grid-cols-[12rem_minmax(0,1fr)] lg:gap-8">
        <SettingsNav
          current={section}
          hrefOf={(next) => `?${withSection(next).toString()}`}
          onChoose={(next) => setParams(withSection(next), { replace: true })}
        />
        <div className="min-w-0 space-y-6" key={section}>
          <Section />
        </div>
      </div>
    </section>
  );
}
