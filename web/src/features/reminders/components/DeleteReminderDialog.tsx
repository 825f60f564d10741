import { toast } from 'sonner';
import type { Reminder } from '#shared/api.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { useDeleteReminder } from '../api/delete-reminder.ts';

/** Open while `reminder` is set: asks before deleting it. */
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
    <ConfirmDialog
      open={reminder !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Delete Reminder"
      description={
        reminder?.shared
          ? 'Are you sure you want to delete this reminder? This action cannot be undone. It is shared: it goes for everyone in your household.'
          : 'Are you sure you want to delete this reminder? This action cannot be undone.'
      }
      subject={
        reminder && (
          <>
            <strong>{reminder.title}</strong> · {reminder.provider}
          </>
        )
      }
      confirmLabel="Delete"
      busy={remove.isPending}
      onConfirm={() => void confirm()}
    />
  );
}
