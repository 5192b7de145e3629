import type { SVGProps } from 'react';
import { BellIcon, CreditCardIcon, DownloadIcon, FileIcon, HashIcon, LockIcon, UserIcon } from '@/components/ui/icons';
import type { SettingsSectionId } from '../utils/sections';

const ICONS: Record<SettingsSectionId, typeof UserIcon> = {
  profile: UserIcon,
  subscription: CreditCardIcon,
  notifications: BellIcon,
  members: UserIcon,
  security: LockIcon,
  export: DownloadIcon,
  sla: FileIcon,
  audit: FileIcon,
  api: HashIcon,
};

/** The sidebar's icon for a settings section. */
export const SectionIcon = ({ section, ...props }: SVGProps<SVGSVGElement> & { section: SettingsSectionId }) => {
  const Icon = ICONS[section];
  return <Icon {...props} />;
};
