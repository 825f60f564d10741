import { useEffect } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import type { Reminder } from '#shared/api.ts';
import { CATEGORIES, DEFAULT_CATEGORY } from '#shared/categories.ts';
import { reminderFormSchema, reminderFormToInput, type ReminderFormValues } from '#shared/schemas.ts';
import { Field } from '../../components/Field.tsx';
import { ApiRequestError } from '../../api/client.ts';
import { useSaveReminder } from '../../api/queries.ts';

const EMPTY: ReminderFormValues = {
  title: '',
  category: DEFAULT_CATEGORY,
  provider: '',
  renewal_date: '',
  amount: '',
  notes: '',
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
  };
}

const FIELDS = Object.keys(EMPTY) as (keyof ReminderFormValues)[];

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
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(reminderFormSchema), defaultValues: EMPTY });

  useEffect(() => {
    if (open) reset(toFormValues(reminder));
  }, [open, reminder, reset]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: reminder?.id, input: reminderFormToInput(values) });
      toast.success('Success', {
        description: isEdit ? 'Reminder updated successfully' : 'Reminder created successfully',
      });
      onOpenChange(false);
    } catch (error) {
      if (error instanceof ApiRequestError && error.fieldErrors) {
        for (const [field, messages] of Object.entries(error.fieldErrors)) {
          const message = messages[0];
          if (!message) continue;
          if ((FIELDS as string[]).includes(field)) setError(field as keyof ReminderFormValues, { message });
          else setError('root.server', { message });
        }
      }
      toast.error('Error', {
        description: isEdit ? 'Failed to update reminder' : 'Failed to create reminder',
      });
    }
  });

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog-content" aria-describedby={undefined}>
          <Dialog.Title className="dialog-title">
            {isEdit ? 'Edit Reminder' : 'Add New Reminder'}
          </Dialog.Title>
          <form className="form" onSubmit={onSubmit} noValidate>
            <Field label="Title *" error={errors.title?.message}>
              {(props) => (
                <input {...props} type="text" placeholder="e.g., Home Insurance" {...register('title')} />
              )}
            </Field>
            <Field label="Category *" error={errors.category?.message}>
              {(props) => (
                <select {...props} {...register('category')}>
                  {CATEGORIES.map((c) => (
                    <option key={c.value} value={c.value}>
                      {c.label}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label="Provider *" error={errors.provider?.message}>
              {(props) => (
                <input
                  {...props}
                  type="text"
                  placeholder="e.g., Aviva, British Gas"
                  {...register('provider')}
                />
              )}
            </Field>
            <Field label="Renewal Date *" error={errors.renewal_date?.message}>
              {(props) => <input {...props} type="date" {...register('renewal_date')} />}
            </Field>
            <Field label="Amount (£)" error={errors.amount?.message}>
              {(props) => (
                <input
                  {...props}
                  type="number"
                  step="0.01"
                  min="0"
                  inputMode="decimal"
                  {...register('amount')}
                />
              )}
            </Field>
            <Field label="Notes" error={errors.notes?.message}>
              {(props) => <textarea {...props} rows={3} {...register('notes')} />}
            </Field>
            {errors.root?.server?.message && (
              <p className="form-error" role="alert">
                {errors.root.server.message}
              </p>
            )}
            <div className="dialog-actions">
              <Dialog.Close asChild>
                <button type="button" className="btn btn-outline">
                  Cancel
                </button>
              </Dialog.Close>
              <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
                {isEdit ? 'Update Reminder' : 'Create Reminder'}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
