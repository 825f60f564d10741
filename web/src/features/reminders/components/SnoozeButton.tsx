import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { SNOOZE_DAYS, SNOOZE_LABEL, snoozedUntilText } from '#shared/reminder/snooze.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { useSnoozeReminder } from '../api/snooze-reminder.ts';

/** The query a notification's 'Snooze 3 days' opens the reminder page with: the page asks to confirm. */
export const SNOOZE_QUERY = 'snooze';

/**
 * 'Snooze 3 days' on the reminder page, after a confirmation. Opened with ?snooze=1 (a notification's
 * action, which holds no session to snooze with itself), the confirmation shows at once.
 */
export function SnoozeButton({ reminderId, title }: { reminderId: string; title: string }) {
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState(params.get(SNOOZE_QUERY) === '1');
  const snooze = useSnoozeReminder(reminderId);

  const close = (next: boolean) => {
    setOpen(next);
    if (!next && params.has(SNOOZE_QUERY)) {
      params.delete(SNOOZE_QUERY);
      setParams(params, { replace: true });
    }
  };
  const confirm = async () => {
    try {
      const done = await snooze.mutateAsync();
      toast.success(snoozedUntilText(done.until));
      close(false);
    } catch {
      toast.error('Error', { description: 'Failed to snooze the reminder' });
    }
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={close}
      title={SNOOZE_LABEL}
      description={`Its next e-mail and notification go ${SNOOZE_DAYS} days later.`}
      subject={title}
      confirmLabel={snooze.isPending ? 'Snoozing...' : SNOOZE_LABEL}
      busy={snooze.isPending}
      tone="primary"
      onConfirm={() => void confirm()}
      trigger={
        <button type="button" className="btn btn-outline">
          {SNOOZE_LABEL}
        </button>
      }
    />
  );
}
