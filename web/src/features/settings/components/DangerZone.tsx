import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { Household } from '#shared/household.ts';
import { useHousehold } from '../../../api/get-household.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ROUTES } from '../../../config/routes.ts';
import { forgetQueries } from '../../../api/persisted-queries.ts';
import { forgetDeletedAccount } from '../../auth/index.ts';
import { useDeleteAccount } from '../api/delete-account.ts';
import { SettingsCard } from '../../../components/SettingsCard.tsx';

const PERMANENT =
  'Are you sure you want to delete your account? This action is permanent and cannot be undone.';

/**
 * What deletion does, as the account deletion does it (it leaves the household first, as 'Leave
 * household' does): the caller's own reminders and data go; the reminders shared with the household
 * stay with its other members; a household left with no member goes with everything shared in it.
 * `household`: null outside one, undefined while it is not known (then both cases are said).
 */
export function deletionWarning(household: Household | null | undefined): string {
  if (household === null) return `${PERMANENT} All your reminders and data will be permanently removed.`;
  if (household === undefined)
    return `${PERMANENT} Your own reminders and data will be permanently removed. If you are in a household, you leave it: the reminders shared with it stay with its other members; if you are its only member, it is deleted with them.`;
  if (household.members.length <= 1)
    return `${PERMANENT} Your reminders and data will be permanently removed. You are the only member of your household, so it is deleted too, with the reminders shared in it.`;
  return `${PERMANENT} Your own reminders and data will be permanently removed. You leave your household: the reminders shared with it stay with its other members.`;
}

/** 'Danger Zone': deletes the account and everything in it, after confirmation. */
export function DangerZone() {
  const [open, setOpen] = useState(false);
  const household = useHousehold();
  const remove = useDeleteAccount();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const busy = remove.isPending;
  const label = busy ? 'Deleting...' : 'Delete Account';

  const confirm = async () => {
    try {
      await remove.mutateAsync();
    } catch {
      toast.error('Error', { description: 'Failed to delete account. Please contact support.' });
      return;
    }
    // The user no longer exists: sign out locally (a global sign-out cannot work), then /auth.
    await forgetDeletedAccount();
    forgetQueries(queryClient);
    setOpen(false);
    navigate(ROUTES.auth.path, { replace: true });
    toast.success('Account Deleted', { description: 'Your account has been permanently deleted' });
  };

  return (
    <SettingsCard headingId="danger-heading" title="Danger Zone" className="danger-card">
      <p className="muted card-description">Permanently delete your account and all associated data</p>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete Account"
        description={deletionWarning(household.isSuccess ? household.data.household : undefined)}
        confirmLabel={label}
        busy={busy}
        onConfirm={() => void confirm()}
        trigger={
          <button type="button" className="btn btn-destructive" disabled={busy}>
            {label}
          </button>
        }
      />
    </SettingsCard>
  );
}
