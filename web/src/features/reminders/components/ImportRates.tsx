import { useId } from 'react';
import { conversionRateSchema } from '#shared/import.ts';

/**
 * 'Convert other currencies', off by default: when on, one rate per currency the file uses, typed by
 * the user (pounds for one unit), never looked up.
 */
export function ImportRates({
  currencies,
  convert,
  rates,
  onConvert,
  onRate,
}: {
  currencies: readonly string[];
  convert: boolean;
  rates: Readonly<Record<string, string>>;
  onConvert: (convert: boolean) => void;
  onRate: (currency: string, text: string) => void;
}) {
  const id = useId();
  return (
    <div className="import-rates">
      <label className="checkbox">
        <input type="checkbox" checked={convert} onChange={(event) => onConvert(event.target.checked)} />
        <span>Convert other currencies</span>
      </label>
      {convert &&
        currencies.map((currency, i) => {
          const text = rates[currency] ?? '';
          const checked = conversionRateSchema.safeParse(text);
          const error = text.trim() !== '' && !checked.success ? checked.error.issues[0]?.message : undefined;
          const fieldId = `${id}-rate-${i}`;
          return (
            <div className="field" key={currency}>
              <label htmlFor={fieldId}>{`Pounds for 1 ${currency}`}</label>
              <input
                id={fieldId}
                inputMode="decimal"
                value={text}
                aria-invalid={error !== undefined}
                aria-describedby={error ? `${fieldId}-error` : undefined}
                onChange={(event) => onRate(currency, event.target.value)}
              />
              {error && (
                <p id={`${fieldId}-error`} className="field-error">
                  {error}
                </p>
              )}
            </div>
          );
        })}
    </div>
  );
}

/** The rates that parse, for the import to convert with. */
export function validRates(rates: Readonly<Record<string, string>>): Record<string, number> {
  return Object.fromEntries(
    Object.entries(rates).flatMap(([currency, text]) => {
      const rate = conversionRateSchema.safeParse(text);
      return rate.success ? [[currency, rate.data]] : [];
    }),
  );
}
