import { useEffect } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { providerForLender } from '#shared/reminder/lenders.ts';
import type { ReminderFormValues } from '#shared/schemas/reminder.ts';

/**
 * Picking a mortgage lender fills 'Provider' with its name, while the field is empty or still holds
 * the name the previous pick put there (shared/reminder/lenders.ts): what the user typed is never
 * overwritten. Only the user's own pick counts: opening the dialog on a reminder fills nothing.
 */
export function useLenderFillsProvider(form: UseFormReturn<ReminderFormValues>) {
  const { watch, getValues, setValue, getFieldState } = form;
  useEffect(() => {
    let previous = getValues('lender') ?? '';
    const subscription = watch((values, { name, type }) => {
      const lender = values.lender ?? '';
      // 'change' is an input event; a reset or a setValue has no type.
      if (name === 'lender' && type === 'change') {
        const provider = getValues('provider');
        const next = providerForLender(provider, previous, lender);
        // Checked again when it shows a message ('Provider is required'), so the message goes.
        const shouldValidate = getFieldState('provider').invalid;
        if (next !== provider) setValue('provider', next, { shouldDirty: true, shouldValidate });
      }
      previous = lender;
    });
    return () => subscription.unsubscribe();
  }, [watch, getValues, setValue, getFieldState]);
}
