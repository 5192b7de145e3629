import { useState } from 'react';
import { TIERS } from '@shared/tiers.js';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { upgradeUser } from '../../api/upgrade-user';
import { ADMIN_TEXT } from '../../texts';
import type { AdminUser } from '../../types';
import { adminErrorMessage } from '../../utils/errors';
import { ModalActions } from '@/components/ui/modal-actions';

/**
 * docs/admin-panel.md "Quick upgrade": the one-click "Upgrade to Pro" asks first, naming the user
 * and the plan, and says the user will be mailed; the server audits it and sends the mail.
 */
export function UpgradeUserDialog({ user, onClose, onUpgraded }: { user: AdminUser; onClose: () => void; onUpgraded: (message: string) => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const [upgrading, setUpgrading] = useState(false);
  const pro = TIERS.pro;

  const confirm = async () => {
    setFailure(null);
    setUpgrading(true);
    try {
      const answer = await upgradeUser(user.id, 'pro');
      onUpgraded(`${user.name}: ${answer?.message ?? 'User upgraded to Pro'}`);
    } catch (error) {
      setFailure(adminErrorMessage(error, ADMIN_TEXT.failedToUpgradeUser));
      setUpgrading(false);
    }
  };

  return (
    <Modal open title="Upgrade to Pro" onClose={onClose}>
      <div className="space-y-4">
        {failure && <Alert>{failure}</Alert>}
        <p className="text-sm text-slate-700">
          Move <span className="font-semibold text-slate-900">{user.name}</span> ({user.email}) from the {TIERS[user.subscription_tier].name} plan
          to the <span className="font-semibold text-slate-900">{pro.name}</span> plan? Its limits apply at once and nothing is charged.
        </p>
        <p className="text-sm text-slate-700">{user.name} gets an e-mail saying that an operator changed their plan.</p>
        <ModalActions>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={upgrading} onClick={() => void confirm()}>
            Upgrade to {pro.name}
          </Button>
        </ModalActions>
      </div>
    </Modal>
  );
}
