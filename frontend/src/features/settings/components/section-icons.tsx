import type { SVGProps } from 'react';
import { BellIcon, CreditCardIcon, DownloadIcon, HashIcon, LockIcon, UserIcon } from '@/components/ui/icons';
import type { SettingsSectionId } from '../utils/sections';

const ICONS: Record<SettingsSectionId, typeof UserIcon> = {
  profile: UserIcon,
  subscription: CreditCardIcon,
  notifications: BellIcon,
  security: LockIcon,
  export: DownloadIcon,
  api: HashIcon,
};

/** The sidebar's icon for a settings section. */
export const SectionIcon = ({ section, ...props }: SVGProps<SVGSVGElement> & { section: SettingsSectionId }) => {
  const Icon = ICONS[section];
  return <Icon {...props} />;
};
