import { useEffect } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import type { Reminder } from '#shared/api.ts';
import { CATEGORIES, DEFAULT_CATEGORY, leadDaysFor } from '#shared/categories.ts';
import { DEFAULT_REPEATS } from '#shared/terms.ts';
import {
  leadDaysToText,
  reminderFormSchema,
  reminderFormToInput,
  type ReminderFormValues,
} from '#shared/schemas.ts';
import { Field, MONEY_INPUT } from '../../../components/form/Field.tsx';
import { Form, FormError, SubmitButton } from '../../../components/form/Form.tsx';
import { reportSubmitError } from '../../../components/form/submit-error.ts';
import { useSaveReminder } from '../api/save-reminder.ts';
import '../../../components/Dialog.css';

const EMPTY: ReminderFormValues = {
  title: '',
  category: DEFAULT_CATEGORY,
  provider: '',
  renewal_date: '',
  amount: '',
  notes: '',
  repeats: DEFAULT_REPEATS[DEFAULT_CATEGORY],
  auto_renew: false,
  act_by: '',
  lead_days: leadDaysToText(leadDaysFor(DEFAULT_CATEGORY)),
};

function toFormValues(reminder: Reminder | null): ReminderFormValues {
  if (!reminder) return EMPTY;
  return {
    title: reminder.title,
    category: reminder.category,
    provider: reminder.provider,
    renewal_date: reminder.renewal_date,
    amount: reminder.amount === null ? '' : String(reminder.amount),
    notes: reminder.notes ?? '',
    repeats: reminder.repeats,
    auto_renew: reminder.auto_renew,
    act_by: reminder.act_by ?? '',
    lead_days: leadDaysToText(reminder.lead_days ?? leadDaysFor(reminder.category)),
  };
}

/** Create mode when `reminder` is null, else edit mode; the form resets each time it opens. */
export function ReminderDialog({
  open,
  reminder,
  onOpenChange,
}: {
  open: boolean;
  reminder: Reminder | null;
  onOpenChange: (open: boolean) => void;
}) {
  const isEdit = reminder !== null;
  const save = useSaveReminder();
  const form = useForm({ resolver: zodResolver(reminderFormSchema), defaultValues: EMPTY });
  const { reset } = form;

  useEffect(() => {
    if (open) reset(toFormValues(reminder));
  }, [open, reminder, reset]);

  const onSubmit = async (values: ReminderFormValues) => {
    try {
      await save.mutateAsync({ id: reminder?.id, input: reminderFormToInput(values) });
      toast.success('Success', {
        description: isEdit ? 'Reminder updated successfully' : 'Reminder created successfully',
      });
      onOpenChange(false);
    } catch (error) {
      reportSubmitError(form, error, 'Error', {
        description: isEdit ? 'Failed to update reminder' : 'Failed to create reminder',
      });
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog-content" aria-describedby={undefined}>
          <Dialog.Title className="dialog-title">
            {isEdit ? 'Edit Reminder' : 'Add New Reminder'}
          </Dialog.Title>
          <Form form={form} onSubmit={onSubmit}>
            <Field name="title" label="Title *" type="text" placeholder="e.g., Home Insurance" />
            <Field name="category" label="Category *" as="select" options={CATEGORIES} />
            <Field name="provider" label="Provider *" type="text" placeholder="e.g., Aviva, British Gas" />
            <Field name="renewal_date" label="Renewal Date *" type="date" />
            <Field name="amount" label="Amount (£)" {...MONEY_INPUT} />
            <Field name="notes" label="Notes" as="textarea" rows={3} />
            <FormError />
            <div className="dialog-actions">
              <Dialog.Close asChild>
                <button type="button" className="btn btn-outline">
                  Cancel
                </button>
              </Dialog.Close>
              <SubmitButton>{isEdit ? 'Update Reminder' : 'Create Reminder'}</SubmitButton>
            </div>
          </Form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
