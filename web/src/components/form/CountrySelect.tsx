import { COUNTRIES } from '#shared/locales.ts';
import { Field, withCurrent } from './Field.tsx';

const COUNTRY_OPTIONS = COUNTRIES.map((c) => ({ value: c.code as string, label: c.name as string }));

/** The country field of the surrounding Form; `current` keeps a stored code that is no longer offered. */
export function CountrySelect({ label, current }: { label: string; current?: string }) {
  return (
    <Field
      as="select"
      name="country"
      label={label}
      autoComplete="country"
      options={withCurrent(COUNTRY_OPTIONS, current)}
    />
  );
}
