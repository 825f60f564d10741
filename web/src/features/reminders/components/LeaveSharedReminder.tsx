import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { Reminder } from '#shared/api.ts';
import { LEAVE_SHARED_LABEL } from '#shared/reminder/sharing.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ROUTES } from '../../../config/routes.ts';
import { errorMessage } from '../../../utils/errorMessage.ts';
import { useLeaveSharedReminder } from '../api/leave-shared-reminder.ts';

/**
 * 'Leave this reminder' on a shared reminder the caller did not share (its sharer takes it back
 * instead): after one confirmation the caller stops seeing it, and the household keeps it.
 */
export function LeaveSharedReminder({ reminder }: { reminder: Pick<Reminder, 'id' | 'title'> }) {
  const [confirming, setConfirming] = useState(false);
  const leave = useLeaveSharedReminder();
  const navigate = useNavigate();
  const onConfirm = async () => {
    try {
      await leave.mutateAsync(reminder.id);
    } catch (error) {
      toast.error('Error', { description: errorMessage(error) });
      setConfirming(false);
      return;
    }
    toast.success(`You left '${reminder.title}'`);
    void navigate(ROUTES.dashboard.path);
  };
  return (
    <ConfirmDialog
      open={confirming}
      onOpenChange={setConfirming}
      busy={leave.isPending}
      onConfirm={() => void onConfirm()}
      title={`${LEAVE_SHARED_LABEL}?`}
      description="You stop seeing it and get none of its e-mails. The rest of your household keeps it as it is."
      confirmLabel={LEAVE_SHARED_LABEL}
      trigger={
        <button type="button" className="btn btn-ghost">
          {LEAVE_SHARED_LABEL}
        </button>
      }
    />
  );
}
