import { useEffect } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod';
import { toast } from 'sonner';
import type { Reminder } from '#shared/api.ts';
import type { InboxItem } from '#shared/inbox/items.ts';
import { dateLabel } from '#shared/reminder/contract.ts';
import { isoDate, MESSAGES, moneyText, moneyTextToAmount } from '#shared/schemas/fields.ts';
import { Field, MONEY_INPUT } from '../../../components/form/Field.tsx';
import { Form, FormError, SubmitButton } from '../../../components/form/Form.tsx';
import { reportSubmitError } from '../../../components/form/submit-error.ts';
import { useReturnFocus } from '../../../hooks/useReturnFocus.ts';
import { useApplyInboxItem } from '../api/apply-inbox-item.ts';
import { CancelButton } from '../../../components/CancelButton.tsx';
import '../../../components/Dialog.css';

/** The three figures as typed: each checked as the reminder dialog checks its own. */
const applyFormSchema = z.object({
  renewal_date: z.string().min(1, MESSAGES.renewalDateRequired).pipe(isoDate),
  renewal_price: moneyText,
  previous_amount: moneyText,
});
type ApplyFormValues = z.infer<typeof applyFormSchema>;

const asText = (amount: number | null) => (amount === null ? '' : String(amount));

/**
 * 'Update {reminder}': what was read, every figure editable, and nothing saved until the user presses
 * 'Update {reminder}'. Then the reminder takes the new date and the renewal price; the item goes.
 */
export function ApplyDialog({
  item,
  reminder,
  onClose,
}: {
  /** The item being confirmed; null: closed. */
  item: InboxItem | null;
  reminder: Reminder | null;
  onClose: () => void;
}) {
  const open = item !== null && reminder !== null;
  const apply = useApplyInboxItem();
  const form = useForm({
    resolver: zodResolver(applyFormSchema),
    defaultValues: { renewal_date: '', renewal_price: '', previous_amount: '' } as ApplyFormValues,
  });
  const { reset } = form;
  const returnFocus = useReturnFocus(open);

  useEffect(() => {
    if (!item) return;
    reset({
      renewal_date: item.fields.renewal_date ?? '',
      renewal_price: asText(item.fields.amount),
      previous_amount: asText(item.fields.previous_amount),
    });
  }, [item, reset]);

  if (!item || !reminder) return null;
  const update = `Update ${reminder.title}`;
  const kind = item.fields.date_kind ?? reminder.date_kind;

  const onSubmit = async (values: ApplyFormValues) => {
    try {
      await apply.mutateAsync({
        id: item.id,
        body: {
          reminder_id: reminder.id,
          renewal_date: values.renewal_date,
          renewal_price: moneyTextToAmount(values.renewal_price),
          previous_amount: moneyTextToAmount(values.previous_amount),
        },
      });
      toast.success('Success', { description: 'Reminder updated successfully' });
      onClose();
    } catch (error) {
      reportSubmitError(form, error, 'Error', { description: 'Failed to update reminder', inline: true });
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && !apply.isPending && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog-content" onCloseAutoFocus={returnFocus}>
          <Dialog.Title className="dialog-title">{update}?</Dialog.Title>
          <Dialog.Description className="muted">
            Check these against the letter and change anything we read wrongly. Nothing changes until you
            press {update}.
          </Dialog.Description>
          <Form form={form} onSubmit={onSubmit}>
            <Field name="renewal_date" label={dateLabel(kind)} type="date" />
            <Field name="renewal_price" label="Renewal price (£)" {...MONEY_INPUT} />
            <Field name="previous_amount" label="Last year's price (£)" {...MONEY_INPUT} />
            <FormError />
            <div className="dialog-actions">
              <CancelButton />
              <SubmitButton pendingLabel="Updating…">{update}</SubmitButton>
            </div>
          </Form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
