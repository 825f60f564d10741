import { useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import type { Reminder } from '#shared/api.ts';
import {
  reminderFormSchema,
  reminderFormToInput,
  type ReminderFormValues,
} from '#shared/schemas/reminder.ts';
import { mayTakeBack, memberName } from '#shared/reminder/sharing.ts';
import { usePublicConfig } from '../../../api/get-public-config.ts';
import { Form, SubmitButton } from '../../../components/form/Form.tsx';
import { reportSubmitError } from '../../../components/form/submit-error.ts';
import { useReturnFocus } from '../../../hooks/useReturnFocus.ts';
import { useHouseholdMembers } from '../../../api/get-household.ts';
import { useSaveReminder } from '../api/save-reminder.ts';
import { useLenderFillsProvider } from '../hooks/use-lender-provider.ts';
import { useReminderFormFill } from '../hooks/use-reminder-form-fill.ts';
import { errorInMoreOptions, openMoreOptionsOnError } from './more-options.ts';
import { EMPTY } from './reminder-form-values.ts';
import { ReminderFields } from './ReminderFields.tsx';
import { CancelButton } from '../../../components/CancelButton.tsx';
import '../../../components/Dialog.css';

/**
 * Create mode when `reminder` is null, else edit mode; the form resets each time it opens. A newer copy
 * of the reminder arriving while it is open fills the fields the user has not changed. `refreshing`:
 * the reminder given is this browser's kept copy, being read again; it cannot be saved until the
 * fresh one is in, or a save would write back what changed meanwhile (a date the job moved on, an
 * edit from another device). `initial`: a new reminder's values already known (the renewal inbox's
 * 'Add reminder'), read when it opens; `onSaved` runs after a save succeeds.
 */
export function ReminderDialog({
  open,
  reminder,
  onOpenChange,
  refreshing = false,
  initial,
  onSaved,
}: {
  open: boolean;
  reminder: Reminder | null;
  onOpenChange: (open: boolean) => void;
  refreshing?: boolean;
  initial?: Partial<ReminderFormValues>;
  onSaved?: (saved: Reminder) => void;
}) {
  const isEdit = reminder !== null;
  const save = useSaveReminder();
  const form = useForm({ resolver: zodResolver(reminderFormSchema), defaultValues: EMPTY });
  const { control } = form;
  const [moreOpen, setMoreOpen] = useState(false);
  // The DVLA found both dates: 'Add both' is the one way on, and the fields it fills are hidden.
  const [addBothOnly, setAddBothOnly] = useState(false);
  useLenderFillsProvider(form);
  const category = useWatch({ control, name: 'category' });
  // Without a DVLA key on this stage the look-up is hidden; asked only when it could be shown.
  const publicConfig = usePublicConfig({ enabled: open && !isEdit && category === 'car_tax_mot' });
  const vehicleDate = useWatch({ control, name: 'vehicle_date' });
  const { members, myMembershipId } = useHouseholdMembers();
  // A shared reminder someone else shared: only they take it back (the others may leave it).
  const sharedBy =
    reminder?.shared && members !== null && myMembershipId !== null && !mayTakeBack(reminder, myMembershipId)
      ? memberName(reminder.created_by, members)
      : undefined;
  const { sharedTouched } = useReminderFormFill(form, {
    open,
    reminder,
    initial,
    members,
    onOpened: setMoreOpen,
  });
  const returnFocus = useReturnFocus(open);

  const onSubmit = async (values: ReminderFormValues) => {
    if (refreshing) return;
    try {
      const saved = await save.mutateAsync({ id: reminder?.id, input: reminderFormToInput(values) });
      onSaved?.(saved.reminder);
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

  // A field of 'More options' with an error opens the section, so the message is never hidden.
  const hiddenError = errorInMoreOptions(form.formState.errors);
  const showMore = moreOpen || hiddenError;

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="dialog-content reminder-dialog"
          aria-describedby={undefined}
          onCloseAutoFocus={returnFocus}
        >
          <Dialog.Title className="dialog-title">
            {isEdit ? 'Edit Reminder' : 'Add New Reminder'}
          </Dialog.Title>
          <Form
            form={form}
            onSubmit={onSubmit}
            onInvalid={openMoreOptionsOnError(() => setMoreOpen(true))}
            className="form reminder-form"
          >
            <ReminderFields
              reminder={reminder}
              category={category}
              vehicleDate={vehicleDate}
              vehicleLookup={publicConfig.data?.vehicleLookup === true}
              addBothOnly={addBothOnly}
              onVehicleFound={setAddBothOnly}
              onClose={() => onOpenChange(false)}
              members={members}
              sharedBy={sharedBy}
              onSharedTouched={sharedTouched}
              moreOpen={showMore}
              onToggleMore={() => setMoreOpen(!showMore)}
            />
            <div className="dialog-actions reminder-form-footer">
              <CancelButton />
              {!addBothOnly && (
                <SubmitButton disabled={refreshing}>
                  {isEdit ? 'Update Reminder' : 'Create Reminder'}
                </SubmitButton>
              )}
            </div>
          </Form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
