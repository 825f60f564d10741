import { useWatch } from 'react-hook-form';
import { PRICE_RISE_KINDS } from '#shared/reminder/priceRise.ts';
import type { ReminderFormValues } from '#shared/schemas/reminder.ts';
import { Field, MONEY_INPUT } from '../../../components/form/Field.tsx';

const OPTIONS = [
  { value: '', label: 'None, or not known' },
  ...PRICE_RISE_KINDS.map(({ value, label }) => ({ value, label })),
];

/**
 * 'Price rises in April', for a phone, broadband or pay TV contract: 'CPI + 3.9%' or 'RPI + 3.9%'
 * (contracts signed before 17 January 2025), or '£ amount' with the rise a month in pounds and
 * pence (those signed since). The product then says the price from April.
 */
export function PriceRiseFields() {
  const kind = useWatch<ReminderFormValues, 'price_rise'>({ name: 'price_rise' });
  return (
    <>
      <Field
        name="price_rise"
        label="Price rises in April"
        as="select"
        options={OPTIONS}
        hint="Your contract says how: since 17 January 2025 in pounds and pence; before then often CPI or RPI + 3.9%."
      />
      {kind === 'pounds' && (
        <Field name="price_rise_amount" label="Rise a month (£)" placeholder="e.g., 3.00" {...MONEY_INPUT} />
      )}
    </>
  );
}
