import type { Reminder } from '#shared/api.ts';
import type { HouseholdMember } from '#shared/household.ts';
import { CATEGORIES, type Category } from '#shared/reminder/categories.ts';
import { LENDERS } from '#shared/reminder/lenders.ts';
import { hasPriceRise } from '#shared/reminder/priceRise.ts';
import type { ReminderFormValues } from '#shared/schemas/reminder.ts';
import { WHAT_IS_DUE_OPTIONS } from '#shared/vehicles.ts';
import { Field } from '../../../components/form/Field.tsx';
import { FormError } from '../../../components/form/Form.tsx';
import { ContractFields } from './ContractFields.tsx';
import { DateQuestion } from './DateQuestion.tsx';
import { KeptRegistration } from './KeptRegistration.tsx';
import { MoreOptions } from './MoreOptions.tsx';
import { PriceRiseFields } from './PriceRiseFields.tsx';
import { SharedFields } from './SharedFields.tsx';
import { VehicleLookup } from './VehicleLookup.tsx';

/** The lender select: not chosen yet, then the dated table's lenders ('Another lender' last). */
const LENDER_OPTIONS = [{ value: '', label: 'Choose your lender' }, ...LENDERS];

/**
 * The reminder dialog's fields, as the category asks for them. `addBothOnly`: the DVLA found both
 * dates, 'Add both' is the one way on, and the fields it fills are hidden. `vehicleLookup`: the stage
 * has a DVLA key, so a new car's reminder may look its dates up.
 */
export function ReminderFields({
  reminder,
  category,
  vehicleDate,
  vehicleLookup,
  addBothOnly,
  onVehicleFound,
  onClose,
  members,
  sharedBy,
  onSharedTouched,
  moreOpen,
  onToggleMore,
}: {
  reminder: Reminder | null;
  category: Category;
  vehicleDate: ReminderFormValues['vehicle_date'];
  vehicleLookup: boolean;
  addBothOnly: boolean;
  onVehicleFound: (both: boolean) => void;
  onClose: () => void;
  members: readonly HouseholdMember[] | null;
  sharedBy: string | null | undefined;
  onSharedTouched: () => void;
  moreOpen: boolean;
  onToggleMore: () => void;
}) {
  const isEdit = reminder !== null;
  return (
    <div className="reminder-form-body">
      {!addBothOnly && <Field name="title" label="Title *" type="text" placeholder="e.g., Home Insurance" />}
      <Field name="category" label="Category *" as="select" options={CATEGORIES} />
      {!addBothOnly && (
        <Field name="provider" label="Provider *" type="text" placeholder="e.g., Aviva, British Gas" />
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
      {category === 'car_tax_mot' && !isEdit && vehicleLookup ? (
        <VehicleLookup onAdded={onClose} onFound={onVehicleFound} />
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
        <SharedFields members={members} sharedBy={sharedBy} onTouched={onSharedTouched} />
      )}
      <MoreOptions
        category={category}
        vehicleDate={vehicleDate}
        open={moreOpen}
        hidden={addBothOnly}
        onToggle={onToggleMore}
      />
      <FormError />
    </div>
  );
}
