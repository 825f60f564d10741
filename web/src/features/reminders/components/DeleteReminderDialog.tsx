import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { toast } from 'sonner';
import type { Reminder } from '#shared/api.ts';
import { useDeleteReminder } from '../../api/queries.ts';

export function DeleteReminderDialog({
  reminder,
  onClose,
}: {
  reminder: Reminder | null;
  onClose: () => void;
}) {
  const remove = useDeleteReminder();

  const confirm = async () => {
    if (!reminder) return;
    try {
      await remove.mutateAsync(reminder.id);
      toast.success('Success', { description: 'Reminder deleted successfully' });
      onClose();
    } catch {
      toast.error('Error', { description: 'Failed to delete reminder' });
    }
  };

  return (
    <AlertDialog.Root
      open={reminder !== null}
      onOpenChange={(open) => {
        if (!open && !remove.isPending) onClose();
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog-content dialog-alert">
          <AlertDialog.Title className="dialog-title">Delete Reminder</AlertDialog.Title>
          <AlertDialog.Description className="muted">
            Are you sure you want to delete this reminder? This action cannot be undone.
          </AlertDialog.Description>
          <div className="dialog-actions">
            <AlertDialog.Cancel asChild>
              <button type="button" className="btn btn-outline" disabled={remove.isPending}>
                Cancel
              </button>
            </AlertDialog.Cancel>
            <button
              type="button"
              className="btn btn-destructive"
              disabled={remove.isPending}
              onClick={confirm}
            >
              Delete
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
