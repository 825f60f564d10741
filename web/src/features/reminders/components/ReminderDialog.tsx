import { useEffect, useRef, useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import type { Reminder } from '#shared/api.ts';
import { CATEGORIES } from '#shared/reminder/categories.ts';
import {
  reminderFormSchema,
  reminderFormToInput,
  type ReminderFormValues,
} from '#shared/schemas/reminder.ts';
import { DEFAULT_CONTRACT } from '#shared/reminder/contract.ts';
import { LENDERS } from '#shared/reminder/lenders.ts';
import { mayTakeBack, memberName, sharedByDefault } from '#shared/reminder/sharing.ts';
import { WHAT_IS_DUE_OPTIONS } from '#shared/vehicles.ts';
import { usePublicConfig } from '../../../api/get-public-config.ts';
import { Field } from '../../../components/form/Field.tsx';
import { Form, FormError, SubmitButton } from '../../../components/form/Form.tsx';
import { reportSubmitError } from '../../../components/form/submit-error.ts';
import { useReturnFocus } from '../../../hooks/useReturnFocus.ts';
import { useHouseholdMembers } from '../../../api/get-household.ts';
import { useSaveReminder } from '../api/save-reminder.ts';
import { ContractFields } from './ContractFields.tsx';
import { PriceRiseFields } from './PriceRiseFields.tsx';
import { hasPriceRise } from '#shared/reminder/priceRise.ts';
import { useLenderFillsProvider } from '../hooks/use-lender-provider.ts';
import { KeptRegistration } from './KeptRegistration.tsx';
import { errorInMoreOptions, openMoreOptionsOnError, usesMoreOptions } from './more-options.ts';
import { DateQuestion } from './DateQuestion.tsx';
import { MoreOptions } from './MoreOptions.tsx';
import {
  defaultLeadDays,
  EMPTY,
  newFormValues,
  renewalTermOf,
  toFormValues,
} from './reminder-form-values.ts';
import { SharedFields } from './SharedFields.tsx';
import { VehicleLookup } from './VehicleLookup.tsx';
import { CancelButton } from '../../../components/CancelButton.tsx';
import '../../../components/Dialog.css';

/** The lender select: not chosen yet, then the dated table's lenders ('Another lender' last). */
const LENDER_OPTIONS = [{ value: '', label: 'Choose your lender' }, ...LENDERS];

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
  const { reset, setValue, getValues, getFieldState, control } = form;
  const [moreOpen, setMoreOpen] = useState(false);
  // The DVLA found both dates: 'Add both' is the one way on, and the fields it fills are hidden.
  const [addBothOnly, setAddBothOnly] = useState(false);
  useLenderFillsProvider(form);
  const category = useWatch({ control, name: 'category' });
  // Without a DVLA key on this stage the look-up is hidden; asked only when it could be shown.
  const publicConfig = usePublicConfig({ enabled: open && !isEdit && category === 'car_tax_mot' });
  const dateKind = useWatch({ control, name: 'date_kind' });
  // The category and date kind the form was last filled for: only the user's own change refills the rest.
  const filledFor = useRef({ category: EMPTY.category, dateKind: EMPTY.date_kind });
  const vehicleDate = useWatch({ control, name: 'vehicle_date' });
  const { members, myMembershipId } = useHouseholdMembers();
  const inHousehold = members !== null;
  // A shared reminder someone else shared: only they take it back (the others may leave it).
  const sharedBy =
    reminder?.shared && members !== null && myMembershipId !== null && !mayTakeBack(reminder, myMembershipId)
      ? memberName(reminder.created_by, members)
      : undefined;
  // 'Shared with household' follows a new reminder's category until the user changes the box.
  const sharedTouched = useRef(false);
  // Read when the dialog opens, not followed: members loading later must not reset what was typed.
  const membersRef = useRef(members);
  membersRef.current = members;
  const initialRef = useRef(initial);
  initialRef.current = initial;

  const returnFocus = useReturnFocus(open);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (!open) {
      wasOpen.current = false;
      return;
    }
    const values = reminder ? toFormValues(reminder, membersRef.current) : newFormValues(initialRef.current);
    if (wasOpen.current) {
      // A newer copy while open: what the user changed stays, the rest takes the new values.
      reset(values, { keepDirtyValues: true });
    } else {
      sharedTouched.current = false;
      reset(values);
      setMoreOpen(usesMoreOptions(reminder));
    }
    // Filled for what the form now holds: a new category or kind from that copy brings no defaults.
    filledFor.current = { category: getValues('category'), dateKind: getValues('date_kind') };
    wasOpen.current = true;
  }, [open, reminder, reset, getValues]);

  useEffect(() => {
    if (!open || isEdit || sharedTouched.current) return;
    setValue('shared', inHousehold && sharedByDefault(getValues('category')));
  }, [open, isEdit, category, inHousehold, getValues, setValue]);

  // A new category brings its own way to pay, date kind and term, and a new kind its own lead days,
  // unless the user has set them already. (The form's own values, not the watched ones: in the
  // commit that resets the form, those are still stale.)
  useEffect(() => {
    const filled = filledFor.current;
    const current = getValues('category');
    if (current !== filled.category) {
      const contract = DEFAULT_CONTRACT[current];
      if (!getFieldState('billing').isDirty) setValue('billing', contract.billing);
      if (!getFieldState('date_kind').isDirty) setValue('date_kind', contract.date_kind);
      if (!getFieldState('repeats').isDirty) setValue('repeats', renewalTermOf(current));
    }
    const kind = getValues('date_kind');
    // Back to a rolling payment: its date is the one the reminder had.
    if (kind === 'next_payment' && reminder?.ask_deal_end && getValues('renewal_date') === '')
      setValue('renewal_date', reminder.renewal_date);
    if (current === filled.category && kind === filled.dateKind) return;
    filledFor.current = { category: current, dateKind: kind };
    if (!getFieldState('lead_days').isDirty) setValue('lead_days', defaultLeadDays(current, kind));
  }, [category, dateKind, reminder, getValues, getFieldState, setValue]);

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
            <div className="reminder-form-body">
              {!addBothOnly && (
                <Field name="title" label="Title *" type="text" placeholder="e.g., Home Insurance" />
              )}
              <Field name="category" label="Category *" as="select" options={CATEGORIES} />
              {!addBothOnly && (
                <Field
                  name="provider"
                  label="Provider *"
                  type="text"
                  placeholder="e.g., Aviva, British Gas"
                />
              )}
              {category === 'mortgage' ? (
                <Field
                  name="lender"
                  label="Lender"
                  as="select"
                  options={LENDER_OPTIONS}
                  hint="Lenders let you lock in a new deal a few months before yours ends; we tell you the day."
                />
              ) : null}
              {category === 'car_tax_mot' && !isEdit && publicConfig.data?.vehicleLookup ? (
                <VehicleLookup onAdded={() => onOpenChange(false)} onFound={setAddBothOnly} />
              ) : null}
              {category === 'car_tax_mot' && reminder?.kept_vehicle ? (
                <KeptRegistration kept={reminder.kept_vehicle} />
              ) : null}
              {reminder && <DateQuestion reminder={reminder} />}
              {category === 'car_tax_mot' && !addBothOnly ? (
                <Field
                  name="vehicle_date"
                  label="What is due?"
                  as="select"
                  options={WHAT_IS_DUE_OPTIONS}
                  hint="A car's MOT and its tax are two reminders, each with its own e-mails."
                />
              ) : null}
              {!addBothOnly && <ContractFields category={category} />}
              {hasPriceRise(category) && <PriceRiseFields />}
              {!addBothOnly && <Field name="notes" label="Notes" as="textarea" rows={3} />}
              {members !== null && !addBothOnly && (
                <SharedFields
                  members={members}
                  sharedBy={sharedBy}
                  onTouched={() => (sharedTouched.current = true)}
                />
              )}
              <MoreOptions
                category={category}
                vehicleDate={vehicleDate}
                open={showMore}
                hidden={addBothOnly}
                onToggle={() => setMoreOpen(!showMore)}
              />
              <FormError />
            </div>
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
