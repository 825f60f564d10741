import { useEffect, useId, useRef, useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import type { Reminder } from '#shared/api.ts';
import { CATEGORIES, DEFAULT_CATEGORY, leadDaysOf, type Category } from '#shared/categories.ts';
import {
  leadDaysToText,
  reminderFormSchema,
  reminderFormToInput,
  type ReminderFormValues,
} from '#shared/schemas.ts';
import { amountLabel } from '#shared/reminder/money.ts';
import { DEFAULT_REPEATS, PAYMENT_FREQUENCIES, type Repeats } from '#shared/reminder/terms.ts';
import { LENDERS } from '#shared/reminder/lenders.ts';
import { actionWindows } from '#shared/reminder/windows.ts';
import { sharedByDefault } from '#shared/reminder/sharing.ts';
import type { HouseholdMember } from '#shared/household.ts';
import { usePublicConfig } from '../../../api/get-public-config.ts';
import { Field, MONEY_INPUT } from '../../../components/form/Field.tsx';
import { Form, FormError, SubmitButton } from '../../../components/form/Form.tsx';
import { reportSubmitError } from '../../../components/form/submit-error.ts';
import { useHouseholdMembers } from '../../../api/get-household.ts';
import { useSaveReminder } from '../api/save-reminder.ts';
import { UK_TIPS } from '../content/uk-tips.ts';
import { useLenderFillsProvider } from '../hooks/use-lender-provider.ts';
import { KeptRegistration } from './KeptRegistration.tsx';
import { errorInMoreOptions, openMoreOptionsOnError } from './more-options.ts';
import { SharedFields } from './SharedFields.tsx';
import { VehicleLookup } from './VehicleLookup.tsx';
import '../../../components/Dialog.css';

/** The lead days a new reminder starts with: a monthly charge's, or its category's. */
const defaultLeadDays = (category: Category, repeats: Repeats) =>
  leadDaysToText(leadDaysOf({ category, repeats }));

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
  lead_days: defaultLeadDays(DEFAULT_CATEGORY, DEFAULT_REPEATS[DEFAULT_CATEGORY]),
  action_windows: true,
  lender: '',
  kept_vehicle: null,
  shared: false,
  deals_with: '',
};

/** What 'Also tell me the best day to act' adds for a category, or null when it has no windows. */
function windowsHint(category: Category): string | null {
  const labels = actionWindows({ category, renewal_date: '2030-06-30' }).map((w) => w.label);
  return labels.length > 0 ? `An extra e-mail on the day it pays to act: ${labels.join('; ')}.` : null;
}

/** The lender select: not chosen yet, then the dated table's lenders ('Another lender' last). */
const LENDER_OPTIONS = [{ value: '', label: 'Choose your lender' }, ...LENDERS];

/**
 * The form's values for `reminder` (null: a new one). Who deals with it stays only while they are a
 * member: a former member cannot be chosen again, so the select starts at 'Anyone'.
 */
function toFormValues(
  reminder: Reminder | null,
  members: readonly HouseholdMember[] | null,
): ReminderFormValues {
  if (!reminder) return EMPTY;
  const dealsWith = reminder.deals_with ?? '';
  const stillMember = members === null || members.some((m) => m.membership_id === dealsWith);
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
    lead_days: leadDaysToText(leadDaysOf(reminder)),
    action_windows: reminder.action_windows,
    lender: reminder.lender ?? '',
    kept_vehicle: reminder.kept_vehicle,
    shared: reminder.shared,
    deals_with: stillMember ? dealsWith : '',
  };
}

/** Whether a reminder uses any of 'More options' beyond its defaults. */
function usesMoreOptions(reminder: Reminder | null): boolean {
  if (!reminder) return false;
  return (
    reminder.auto_renew || reminder.act_by !== null || reminder.lead_days !== null || !reminder.action_windows
  );
}

/**
 * Create mode when `reminder` is null, else edit mode; the form resets each time it opens. A newer copy
 * of the reminder arriving while it is open fills the fields the user has not changed. `refreshing`:
 * the reminder given is this browser's kept copy, being read again; it cannot be saved until the
 * fresh one is in, or a save would write back what changed meanwhile (a date the job moved on, an
 * edit from another device).
 */
export function ReminderDialog({
  open,
  reminder,
  onOpenChange,
  refreshing = false,
}: {
  open: boolean;
  reminder: Reminder | null;
  onOpenChange: (open: boolean) => void;
  refreshing?: boolean;
}) {
  const isEdit = reminder !== null;
  const save = useSaveReminder();
  const form = useForm({ resolver: zodResolver(reminderFormSchema), defaultValues: EMPTY });
  const { reset, setValue, getValues, getFieldState, control } = form;
  const [moreOpen, setMoreOpen] = useState(false);
  // The DVLA found both dates: 'Add both' is the one way on, and the fields it fills are hidden.
  const [addBothOnly, setAddBothOnly] = useState(false);
  useLenderFillsProvider(form);
  const moreId = useId();
  const category = useWatch({ control, name: 'category' });
  // Without a DVLA key on this stage the look-up is hidden; asked only when it could be shown.
  const publicConfig = usePublicConfig({ enabled: open && !isEdit && category === 'car_tax_mot' });
  const repeats = useWatch({ control, name: 'repeats' });
  // The category and term the form was last filled for: only the user's own change refills the rest.
  const filledFor = useRef({ category: EMPTY.category, repeats: EMPTY.repeats });
  const { members } = useHouseholdMembers();
  const inHousehold = members !== null;
  // 'Shared with household' follows a new reminder's category until the user changes the box.
  const sharedTouched = useRef(false);
  // Read when the dialog opens, not followed: members loading later must not reset what was typed.
  const membersRef = useRef(members);
  membersRef.current = members;

  const wasOpen = useRef(false);
  useEffect(() => {
    if (!open) {
      wasOpen.current = false;
      return;
    }
    const values = toFormValues(reminder, membersRef.current);
    if (wasOpen.current) {
      // A newer copy while open: what the user changed stays, the rest takes the new values.
      reset(values, { keepDirtyValues: true });
    } else {
      sharedTouched.current = false;
      reset(values);
      setMoreOpen(usesMoreOptions(reminder));
    }
    // Filled for what the form now holds: a new category or term from that copy brings no defaults.
    filledFor.current = { category: getValues('category'), repeats: getValues('repeats') };
    wasOpen.current = true;
  }, [open, reminder, reset, getValues]);

  useEffect(() => {
    if (!open || isEdit || sharedTouched.current) return;
    setValue('shared', inHousehold && sharedByDefault(getValues('category')));
  }, [open, isEdit, category, inHousehold, getValues, setValue]);

  // A new category brings its own term, and a new term its own lead days, unless the user has set
  // them already. (The form's own values, not the watched ones: in the commit that resets the form,
  // those are still stale.)
  useEffect(() => {
    const filled = filledFor.current;
    const current = getValues('category');
    if (current !== filled.category && !getFieldState('repeats').isDirty) {
      setValue('repeats', DEFAULT_REPEATS[current]);
    }
    const term = getValues('repeats');
    if (current === filled.category && term === filled.repeats) return;
    filledFor.current = { category: current, repeats: term };
    if (!getFieldState('lead_days').isDirty) setValue('lead_days', defaultLeadDays(current, term));
  }, [category, repeats, getValues, getFieldState, setValue]);

  const onSubmit = async (values: ReminderFormValues) => {
    if (refreshing) return;
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

  // A field of 'More options' with an error opens the section, so the message is never hidden.
  const hiddenError = errorInMoreOptions(form.formState.errors);
  const showMore = moreOpen || hiddenError;

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog-content reminder-dialog" aria-describedby={undefined}>
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
              {!addBothOnly && <Field name="renewal_date" label="Renewal Date *" type="date" />}
              {!addBothOnly && (
                <Field
                  name="repeats"
                  label="How often do you pay?"
                  as="select"
                  options={PAYMENT_FREQUENCIES}
                />
              )}
              {!addBothOnly && <Field name="amount" label={amountLabel(repeats)} {...MONEY_INPUT} />}
              {!addBothOnly && <Field name="notes" label="Notes" as="textarea" rows={3} />}
              {members !== null && !addBothOnly && (
                <SharedFields members={members} onTouched={() => (sharedTouched.current = true)} />
              )}
              <button
                type="button"
                className="btn btn-ghost more-options-toggle"
                hidden={addBothOnly}
                aria-expanded={showMore}
                aria-controls={moreId}
                onClick={() => setMoreOpen(!showMore)}
              >
                <span aria-hidden="true" className="more-options-chevron">
                  {showMore ? '▾' : '▸'}
                </span>
                More options
              </button>
              <div id={moreId} className="more-options" hidden={!showMore || addBothOnly}>
                <p className="more-options-tip">{UK_TIPS[category]}</p>
                <Field name="auto_renew" label="Renews automatically" type="checkbox" />
                {windowsHint(category) !== null ? (
                  <Field
                    name="action_windows"
                    label="Also tell me the best day to act"
                    type="checkbox"
                    hint={windowsHint(category) ?? undefined}
                  />
                ) : null}
                <Field
                  name="act_by"
                  label="Act by"
                  type="date"
                  hint="The last day to act: a notice deadline, a cancel-by date or the last day to switch without exit fees. Reminders count down to it."
                />
                <Field
                  name="lead_days"
                  label="Remind me (days before)"
                  type="text"
                  inputMode="numeric"
                  autoComplete="off"
                  hint="Days before the act-by date, or the renewal date, separated by commas."
                />
              </div>
              <FormError />
            </div>
            <div className="dialog-actions reminder-form-footer">
              <Dialog.Close asChild>
                <button type="button" className="btn btn-outline">
                  Cancel
                </button>
              </Dialog.Close>
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
