import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { PUSH_MESSAGES } from '#shared/push.ts';
import { useUpdatePushSettings } from '../api/push-devices.ts';

/** 'Send my reminders as notifications': the daily push's own switch, saved as soon as it changes. */
export function PushRemindersToggle({ on }: { on: boolean }) {
  const update = useUpdatePushSettings();
  const hintId = useId();
  // The box shows what was asked for at once (in the click itself, so it never flickers back while
  // the save and the list's refetch are on their way); the saved value wins once it is known, and a
  // failure puts the box back.
  const [asked, setAsked] = useState<boolean | null>(null);
  useEffect(() => setAsked(null), [on]);
  const checked = asked ?? on;
  const change = async (next: boolean) => {
    setAsked(next);
    try {
      await update.mutateAsync(next);
    } catch {
      setAsked(null);
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
