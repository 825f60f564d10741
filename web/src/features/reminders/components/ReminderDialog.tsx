import { SPLIT_EQUALLY, whoPaysToForm } from '#shared/reminder/split.ts';
import { useEffect, useId, useRef, useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import type { Reminder } from '#shared/api.ts';
import { CATEGORIES, DEFAULT_CATEGORY, type Category } from '#shared/reminder/categories.ts';
import { todayIn } from '#shared/dates.ts';
import { DATE_PASSED_QUESTION, isLongPast } from '#shared/reminder/agenda.ts';
import {
  leadDaysToText,
  reminderFormSchema,
  reminderFormToInput,
  type ReminderFormValues,
} from '#shared/schemas/reminder.ts';
import {
  DEAL_END_QUESTION,
  DEFAULT_CONTRACT,
  leadDaysOf,
  rollingChoice,
  type DateKind,
} from '#shared/reminder/contract.ts';
import { LENDERS } from '#shared/reminder/lenders.ts';
import { actionWindows } from '#shared/reminder/windows.ts';
import { mayTakeBack, memberName, sharedByDefault } from '#shared/reminder/sharing.ts';
import { vehicleDateOf, WHAT_IS_DUE_OPTIONS, type VehicleDate } from '#shared/vehicles.ts';
import type { HouseholdMember } from '#shared/household.ts';
import { usePublicConfig } from '../../../api/get-public-config.ts';
import { Field } from '../../../components/form/Field.tsx';
import { Form, FormError, SubmitButton } from '../../../components/form/Form.tsx';
import { reportSubmitError } from '../../../components/form/submit-error.ts';
import { useReturnFocus } from '../../../hooks/useReturnFocus.ts';
import { useHouseholdMembers } from '../../../api/get-household.ts';
import { useSaveReminder } from '../api/save-reminder.ts';
import { UK_TIPS } from '../content/uk-tips.ts';
import { ContractFields } from './ContractFields.tsx';
import { PriceRiseFields } from './PriceRiseFields.tsx';
import { hasPriceRise } from '#shared/reminder/priceRise.ts';
import { useLenderFillsProvider } from '../hooks/use-lender-provider.ts';
import { KeptRegistration } from './KeptRegistration.tsx';
import { errorInMoreOptions, openMoreOptionsOnError } from './more-options.ts';
import { SharedFields } from './SharedFields.tsx';
import { VehicleLookup } from './VehicleLookup.tsx';
import '../../../components/Dialog.css';

/** The lead days a new reminder starts with: a rolling charge's, or its category's. */
const defaultLeadDays = (category: Category, kind: DateKind) =>
  leadDaysToText(leadDaysOf({ category, date_kind: kind }));

/** A renewal's term when the user switches to 'It renews': the category's, else a year. */
const renewalTermOf = (category: Category) =>
  DEFAULT_CONTRACT[category].date_kind === 'renewal' ? DEFAULT_CONTRACT[category].repeats : 'yearly';

const EMPTY: ReminderFormValues = {
  title: '',
  category: DEFAULT_CATEGORY,
  provider: '',
  renewal_date: '',
  amount: '',
  notes: '',
  billing: DEFAULT_CONTRACT[DEFAULT_CATEGORY].billing,
  date_kind: DEFAULT_CONTRACT[DEFAULT_CATEGORY].date_kind,
  repeats: renewalTermOf(DEFAULT_CATEGORY),
  auto_renew: false,
  act_by: '',
  lead_days: defaultLeadDays(DEFAULT_CATEGORY, DEFAULT_CONTRACT[DEFAULT_CATEGORY].date_kind),
  action_windows: true,
  lender: '',
  kept_vehicle: null,
  vehicle_date: '',
  shared: false,
  deals_with: '',
  who_pays: SPLIT_EQUALLY,
  pay_shares: {},
  price_rise: '',
  price_rise_amount: '',
};

/** What 'Also tell me the best day to act' adds for a category (a car's MOT or tax), or null when none. */
function windowsHint(category: Category, vehicleDate?: VehicleDate | ''): string | null {
  const labels = actionWindows({
    category,
    renewal_date: '2030-06-30',
    vehicle_date: vehicleDate || null,
  }).map((w) => w.label);
  return labels.length > 0 ? `An extra e-mail on the day it pays to act: ${labels.join('; ')}.` : null;
}

/** The lender select: not chosen yet, then the dated table's lenders ('Another lender' last). */
const LENDER_OPTIONS = [{ value: '', label: 'Choose your lender' }, ...LENDERS];

/**
 * The form's values for `reminder` (null: a new one). Who deals with it stays only while they are a
 * member: a former member cannot be chosen again, so the select starts at 'Anyone'. One saved before
 * the date's kind was asked, and monthly in a deal category, asks when the deal ends: its date is the
 * next monthly payment, so the field starts empty (choosing 'Rolling monthly' puts it back).
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
    // A date to give again (a deal saved as a monthly payment, a date long gone) starts empty.
    renewal_date: asksForDate(reminder) ? '' : reminder.renewal_date,
    amount: reminder.amount === null ? '' : String(reminder.amount),
    notes: reminder.notes ?? '',
    billing: reminder.billing,
    date_kind: reminder.ask_deal_end ? 'deal_end' : reminder.date_kind,
    repeats:
      reminder.date_kind === 'renewal' && reminder.repeats !== 'none'
        ? reminder.repeats
        : renewalTermOf(reminder.category),
    auto_renew: reminder.auto_renew,
    act_by: reminder.act_by ?? '',
    lead_days: leadDaysToText(leadDaysOf(reminder)),
    action_windows: reminder.action_windows,
    lender: reminder.lender ?? '',
    kept_vehicle: reminder.kept_vehicle,
    // One stored before 'What is due?' shows what its windows read it as.
    vehicle_date: vehicleDateOf(reminder) ?? '',
    shared: reminder.shared,
    deals_with: stillMember ? dealsWith : '',
    ...whoPaysToForm(reminder.who_pays, members?.map((m) => m.membership_id) ?? null),
    price_rise: reminder.price_rise?.kind ?? '',
    price_rise_amount:
      reminder.price_rise?.kind === 'pounds' ? (reminder.price_rise.pence_a_month / 100).toFixed(2) : '',
  };
}

/**
 * A new reminder's values with some already known (read from a letter): the category's own way to
 * pay, date kind, term and lead days, then what is known over them.
 */
function newFormValues(initial: Partial<ReminderFormValues> | undefined): ReminderFormValues {
  if (!initial) return EMPTY;
  const category = initial.category ?? EMPTY.category;
  const contract = DEFAULT_CONTRACT[category];
  const kind = initial.date_kind ?? contract.date_kind;
  return {
    ...EMPTY,
    billing: contract.billing,
    date_kind: kind,
    repeats: renewalTermOf(category),
    lead_days: defaultLeadDays(category, kind),
    ...initial,
  };
}

/** Whether the dialog asks the date again: a deal saved as a monthly payment, or a date long gone. */
const asksForDate = (reminder: Reminder) => reminder.ask_deal_end || isLongPast(reminder, todayIn());

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
  const moreId = useId();
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
              {reminder?.ask_deal_end ? (
                <p className="dialog-callout" role="note">
                  <strong>{DEAL_END_QUESTION}</strong> We had this date as a monthly payment, so we sent one
                  e-mail before each. Give the date your deal ends and we remind you 90 days ahead and more;
                  or choose '{rollingChoice('monthly')}'.
                </p>
              ) : null}
              {reminder && !reminder.ask_deal_end && isLongPast(reminder, todayIn()) ? (
                <p className="dialog-callout" role="note">
                  <strong>{DATE_PASSED_QUESTION}</strong> Give the next date it renews or ends, and we remind
                  you before it.
                </p>
              ) : null}
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
                {windowsHint(category, vehicleDate) !== null ? (
                  <Field
                    name="action_windows"
                    label="Also tell me the best day to act"
                    type="checkbox"
                    hint={windowsHint(category, vehicleDate) ?? undefined}
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
