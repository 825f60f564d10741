import { useId } from 'react';
import { toast } from 'sonner';
import { PUSH_MESSAGES } from '#shared/push.ts';
import { useUpdatePushSettings } from '../api/push-devices.ts';

/** 'Send my reminders as notifications': the daily push's own switch, saved as soon as it changes. */
export function PushRemindersToggle({ on }: { on: boolean }) {
  const update = useUpdatePushSettings();
  const hintId = useId();
  // While saving, the box shows what was asked for; a failure puts it back.
  const checked = update.isPending ? (update.variables ?? on) : on;
  const change = async (next: boolean) => {
    try {
      await update.mutateAsync(next);
    } catch {
      toast.error('Error', { description: 'Could not save your notification setting' });
    }
  };
  return (
    <div>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={checked}
          disabled={update.isPending}
          aria-describedby={hintId}
          onChange={(event) => void change(event.target.checked)}
        />
        <span>{PUSH_MESSAGES.pushRemindersLabel}</span>
      </label>
      <p id={hintId} className="field-hint push-reminders-hint">
        {PUSH_MESSAGES.pushRemindersHint}
      </p>
    </div>
  );
}
