import { useEffect, useRef } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { Reminder } from '#shared/api.ts';
import type { HouseholdMember } from '#shared/household.ts';
import { DEFAULT_CONTRACT } from '#shared/reminder/contract.ts';
import { sharedByDefault } from '#shared/reminder/sharing.ts';
import type { ReminderFormValues } from '#shared/schemas/reminder.ts';
import {
  defaultLeadDays,
  EMPTY,
  newFormValues,
  renewalTermOf,
  toFormValues,
} from '../components/reminder-form-values.ts';
import { usesMoreOptions } from '../components/more-options.ts';

/**
 * What fills the reminder dialog's form: the reminder (or a new one's values) each time it opens, a
 * newer copy of it while open (the fields the user has not changed), 'Shared with household' from a
 * new reminder's category until the user changes the box, and a category's or date kind's own
 * defaults when the user changes it. `onOpened` says whether 'More options' starts open.
 * Returns the call that marks the shared box as the user's.
 */
export function useReminderFormFill(
  form: UseFormReturn<ReminderFormValues>,
  {
    open,
    reminder,
    initial,
    members,
    onOpened,
  }: {
    open: boolean;
    reminder: Reminder | null;
    initial?: Partial<ReminderFormValues>;
    members: readonly HouseholdMember[] | null;
    onOpened: (moreOpen: boolean) => void;
  },
): { sharedTouched: () => void } {
  const { reset, setValue, getValues, getFieldState, control } = form;
  const isEdit = reminder !== null;
  const inHousehold = members !== null;
  const category = useWatch({ control, name: 'category' });
  const dateKind = useWatch({ control, name: 'date_kind' });
  // The category and date kind the form was last filled for: only the user's own change refills the rest.
  const filledFor = useRef({ category: EMPTY.category, dateKind: EMPTY.date_kind });
  // 'Shared with household' follows a new reminder's category until the user changes the box.
  const sharedTouched = useRef(false);
  // Read when the dialog opens, not followed: members loading later must not reset what was typed.
  const membersRef = useRef(members);
  membersRef.current = members;
  const initialRef = useRef(initial);
  initialRef.current = initial;
  const onOpenedRef = useRef(onOpened);
  onOpenedRef.current = onOpened;

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
      onOpenedRef.current(usesMoreOptions(reminder));
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

  return { sharedTouched: () => (sharedTouched.current = true) };
}
