import { useEffect, useId, useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { toast } from 'sonner';
import type { Reminder } from '#shared/api.ts';
import { categoryLabel } from '#shared/reminder/categories.ts';
import { formatUkDate } from '#shared/dates.ts';
import { sharedByDefault } from '#shared/reminder/sharing.ts';
import { useReminders } from '../../../api/get-reminders.ts';
import { errorMessage } from '../../../utils/errorMessage.ts';
import { useShareReminders } from '../api/household.ts';
import { CancelButton } from '../../../components/CancelButton.tsx';
import '../../../components/Dialog.css';
import './ShareRemindersDialog.css';

/** The caller's own reminders that could be shared (not shared already, not cancelled). */
export const shareable = (reminders: readonly Reminder[]) =>
  reminders.filter((r) => !r.shared && r.archived_at === null);

/**
 * 'Share these with your household?': offered on joining a household or making one, and from the
 * household card. Every own reminder with a box, those of the household categories (a mortgage,
 * energy, broadband, insurance, car tax / MOT) ticked; 'Share N' moves the ticked ones at once.
 */
export function ShareRemindersDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const reminders = useReminders();
  const share = useShareReminders();
  const own = shareable(reminders.data ?? []);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const listId = useId();
  // Ticked as the household categories suggest, each time it opens.
  const ownIds = own.map((r) => r.id).join();
  useEffect(() => {
    if (open) setChosen(new Set(own.filter((r) => sharedByDefault(r.category)).map((r) => r.id)));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- refilled when it opens or the list changes
  }, [open, ownIds]);

  const toggle = (id: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const onShare = async () => {
    try {
      const result = await share.mutateAsync([...chosen]);
      toast.success('Shared with your household', {
        description: `${result.shared} ${result.shared === 1 ? 'reminder' : 'reminders'} shared`,
      });
      onOpenChange(false);
    } catch (error) {
      toast.error('Error', { description: errorMessage(error) });
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog-content share-dialog">
          <Dialog.Title className="dialog-title">Share these with your household?</Dialog.Title>
          <Dialog.Description className="muted">
            Everyone in the household sees a shared reminder and gets its e-mails. You can change each one
            later with 'Shared with household'.
          </Dialog.Description>
          {reminders.isPending ? (
            <p className="muted">Loading your reminders…</p>
          ) : own.length === 0 ? (
            <p className="muted">You have no reminders of your own to share.</p>
          ) : (
            <fieldset className="share-list" aria-describedby={listId}>
              <legend className="visually-hidden">Your reminders</legend>
              <p id={listId} className="visually-hidden">
                Ticked ones are shared.
              </p>
              {own.map((r) => (
                <label key={r.id} className="checkbox share-item">
                  <input type="checkbox" checked={chosen.has(r.id)} onChange={() => toggle(r.id)} />
                  <span>
                    <strong>{r.title}</strong>
                    <span className="muted small">
                      {' '}
                      · {categoryLabel(r.category)} · {formatUkDate(r.renewal_date)}
                    </span>
                  </span>
                </label>
              ))}
            </fieldset>
          )}
          <div className="dialog-actions">
            <CancelButton>Not now</CancelButton>
            <button
              type="button"
              className="btn btn-primary"
              disabled={chosen.size === 0 || share.isPending}
              onClick={() => void onShare()}
            >
              {share.isPending ? 'Sharing…' : `Share ${chosen.size}`}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
