import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { reminderInputSchema } from '#shared/schemas/reminder.ts';
import {
  bothReminderDrafts,
  registrationSchema,
  VEHICLE_MESSAGES,
  vehicleDatesLine,
  type VehicleDates,
} from '#shared/vehicles.ts';
import { ApiRequestError } from '../../../api/client.ts';
import { Checkbox, FieldFrame } from '../../../components/form/Field.tsx';
import { useLookUpVehicle } from '../api/look-up-vehicle.ts';
import { useSaveReminder } from '../api/save-reminder.ts';
import './VehicleLookup.css';

/** The two reminders 'Add both' makes (the MOT and the car tax), checked as the API checks them. */
const bothReminders = (dates: VehicleDates & { mot_due: string; tax_due: string }, keep: string | null) =>
  bothReminderDrafts(dates, keep).map((draft) => reminderInputSchema.parse(draft));

/**
 * For Car Tax / MOT: 'Registration number' and 'Look up MOT and tax dates'; the answer reads 'MOT due
 * {date} · Tax due {date}', with 'Add both', which makes the two reminders. Its own controls, not the
 * dialog's form: Enter in the registration looks it up, never creates the reminder. `onFound` hears
 * whether 'Add both' is offered (both dates found), so the dialog can make it the one way on; it
 * hears false again when the look-up goes.
 */
export function VehicleLookup({
  onAdded,
  onFound,
}: {
  onAdded: () => void;
  onFound?: (offersBoth: boolean) => void;
}) {
  const [registration, setRegistration] = useState('');
  const [error, setError] = useState<string>();
  const [keep, setKeep] = useState(false);
  const lookUp = useLookUpVehicle();
  const save = useSaveReminder();
  const dates = lookUp.data;
  const offersBoth = Boolean(dates && !error && dates.mot_due && dates.tax_due);

  useEffect(() => {
    onFound?.(offersBoth);
    return () => onFound?.(false);
  }, [offersBoth, onFound]);

  const run = async () => {
    const parsed = registrationSchema.safeParse(registration);
    if (!parsed.success) return setError(VEHICLE_MESSAGES.registrationInvalid);
    setError(undefined);
    try {
      await lookUp.mutateAsync(parsed.data);
    } catch (failure) {
      setError(failure instanceof ApiRequestError ? failure.message : VEHICLE_MESSAGES.unavailable);
    }
  };

  const addBoth = async (found: VehicleDates & { mot_due: string; tax_due: string }, typed: string) => {
    try {
      // The DVLA's own spelling of the number, else the one typed (already checked by `run`).
      const number = registrationSchema.safeParse(found.registration);
      const registration = !keep ? null : number.success ? number.data : registrationSchema.parse(typed);
      for (const input of bothReminders(found, registration)) await save.mutateAsync({ input });
      toast.success('Success', { description: 'MOT and car tax reminders created' });
      onAdded();
    } catch {
      toast.error('Error', { description: 'Failed to create reminder' });
    }
  };

  return (
    <section className="vehicle-lookup" aria-label="MOT and tax dates from the DVLA">
      <FieldFrame label="Registration number" error={error}>
        {(props) => (
          <input
            {...props}
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            value={registration}
            onChange={(e) => setRegistration(e.target.value)}
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return;
              e.preventDefault();
              void run();
            }}
          />
        )}
      </FieldFrame>
      <button
        type="button"
        className="btn btn-outline"
        disabled={lookUp.isPending}
        onClick={() => void run()}
      >
        {lookUp.isPending ? 'Looking up…' : 'Look up MOT and tax dates'}
      </button>
      {dates && !error && (
        <div className="vehicle-lookup-answer" role="status">
          <p>{vehicleDatesLine(dates) || 'The DVLA holds no MOT or tax date for it.'}</p>
          {dates.mot_estimated && <p className="muted small">{VEHICLE_MESSAGES.estimated}</p>}
          {dates.mot_due && dates.tax_due && (
            <Checkbox
              label="Keep it to update the dates after each MOT"
              hint="We keep the registration number with the two reminders and ask the DVLA again after each date. Untick it and nothing is kept."
              input={{ type: 'checkbox', checked: keep, onChange: (e) => setKeep(e.target.checked) }}
            />
          )}
          {dates.mot_due && dates.tax_due && (
            <button
              type="button"
              className="btn btn-primary"
              disabled={save.isPending}
              onClick={() =>
                void addBoth({ ...dates, mot_due: dates.mot_due!, tax_due: dates.tax_due! }, registration)
              }
            >
              Add both
            </button>
          )}
        </div>
      )}
    </section>
  );
}
