import { useState } from 'react';
import { toast } from 'sonner';
import type { Reminder } from '#shared/api.ts';
import type { InboxItem } from '#shared/inbox/items.ts';
import { useReminders } from '../../../api/get-reminders.ts';
import { useMediaQuery } from '../../../hooks/useMediaQuery.ts';
import { errorMessage } from '../../../utils/errorMessage.ts';
import { ReminderDialog } from '../../reminders/index.ts';
import { useDismissInboxItem, useInbox } from '../api/inbox.ts';
import { reminderValuesOf } from '../reading.ts';
import { InboxItemCard, type ItemActions } from './InboxItemCard.tsx';
import { ApplyDialog } from './lazy-dialogs.tsx';
import './Inbox.css';

/**
 * The dashboard's 'From your inbox': what was read from each letter, newest first, with 'Update
 * {reminder}' or 'Add reminder' and 'Dismiss'. Shown only once the inbox is in and has items, so it
 * never stands empty or loading above the list.
 */
export function FromYourInbox() {
  const inbox = useInbox();
  const reminders = useReminders();
  const wide = useMediaQuery('(min-width: 768px)');
  const dismiss = useDismissInboxItem();
  const [applying, setApplying] = useState<{ item: InboxItem; reminder: Reminder } | null>(null);
  const [adding, setAdding] = useState<InboxItem | null>(null);

  const items = inbox.data?.items ?? [];
  if (items.length === 0) return null;
  const byId = new Map((reminders.data ?? []).map((r) => [r.id, r]));

  const onDismiss = async (item: InboxItem, quietly = false) => {
    try {
      await dismiss.mutateAsync(item.id);
      if (!quietly) toast.success('Dismissed');
    } catch (error) {
      toast.error('Error', { description: errorMessage(error) });
    }
  };
  const actions: ItemActions = {
    onUpdate: (item, reminder) => setApplying({ item, reminder }),
    onAdd: setAdding,
    onDismiss: (item) => void onDismiss(item),
    dismissing: dismiss.isPending,
  };

  return (
    <section className="inbox-items-section" aria-labelledby="inbox-items-heading">
      <h2 id="inbox-items-heading" className="inbox-items-heading">
        From your inbox
      </h2>
      <ul className="inbox-items">
        {items.map((item) => (
          <InboxItemCard
            key={item.id}
            item={item}
            match={(item.match && byId.get(item.match)) || null}
            wide={wide}
            actions={actions}
          />
        ))}
      </ul>
      <ApplyDialog
        item={applying?.item ?? null}
        reminder={applying?.reminder ?? null}
        onClose={() => setApplying(null)}
      />
      <ReminderDialog
        open={adding !== null}
        reminder={null}
        initial={adding ? reminderValuesOf(adding.fields) : undefined}
        onOpenChange={(open) => !open && setAdding(null)}
        // Made from the item: the item has done its job.
        onSaved={() => adding && void onDismiss(adding, true)}
      />
    </section>
  );
}
