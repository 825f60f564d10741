import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { ReminderFormValues } from '#shared/schemas/reminder.ts';
import type { KeptVehicle } from '#shared/vehicles.ts';
import { Checkbox } from '../../../components/form/Field.tsx';

/**
 * Editing a Car Tax / MOT reminder whose registration number is kept: the box that keeps it, ticked.
 * Unticked, the saved reminder forgets the number (and the DVLA is not asked again); ticked again
 * before saving, it is kept as it was.
 */
export function KeptRegistration({ kept }: { kept: KeptVehicle }) {
  const { setValue, control } = useFormContext<ReminderFormValues>();
  const current = useWatch({ control, name: 'kept_vehicle' });
  const [original] = useState(kept);
  return (
    <Checkbox
      label={`Keep ${original.registration} to update the dates after each MOT`}
      hint="We ask the DVLA for the new date after each one. Untick it and we forget the registration number."
      input={{
        type: 'checkbox',
        checked: current != null,
        onChange: (e) => setValue('kept_vehicle', e.target.checked ? original : null, { shouldDirty: true }),
      }}
    />
  );
}
