import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ROUTES } from '../../../config/routes.ts';
import { forgetQueries } from '../../../app/persisted-queries.ts';
import { forgetDeletedAccount } from '../../auth/index.ts';
import { useDeleteAccount } from '../api/delete-account.ts';

/** 'Danger Zone': deletes the account and everything in it, after confirmation. */
export function DangerZone() {
  const [open, setOpen] = useState(false);
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
    <section className="card danger-card" aria-labelledby="danger-heading">
      <h2 id="danger-heading" className="card-title">
        Danger Zone
      </h2>
      <p className="muted card-description">Permanently delete your account and all associated data</p>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete Account"
        description="Are you sure you want to delete your account? This action is permanent and cannot be undone. All your reminders and data will be permanently removed."
        confirmLabel={label}
        busy={busy}
        onConfirm={() => void confirm()}
        trigger={
          <button type="button" className="btn btn-destructive" disabled={busy}>
            {label}
          </button>
        }
      />
    </section>
  );
}
