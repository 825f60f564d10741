import { useId } from 'react';
import type { Category } from '#shared/reminder/categories.ts';
import { actionWindows } from '#shared/reminder/windows.ts';
import type { VehicleDate } from '#shared/vehicles.ts';
import { Field } from '../../../components/form/Field.tsx';
import { UK_TIPS } from '../content/uk-tips.ts';

/** What 'Also tell me the best day to act' adds for a category (a car's MOT or tax), or null when none. */
function windowsHint(category: Category, vehicleDate?: VehicleDate | ''): string | null {
  const labels = actionWindows({
    category,
    renewal_date: '2030-06-30',
    vehicle_date: vehicleDate || null,
  }).map((w) => w.label);
  return labels.length > 0 ? `An extra e-mail on the day it pays to act: ${labels.join('; ')}.` : null;
}

/**
 * The reminder dialog's 'More options': a toggle, and under it the category's tip and the settings
 * most reminders leave as they are (renews automatically, the best day to act, act by, lead days).
 * `open` is the dialog's to keep: a refused field in the section opens it (more-options.ts).
 */
export function MoreOptions({
  category,
  vehicleDate,
  open,
  hidden,
  onToggle,
}: {
  category: Category;
  vehicleDate?: VehicleDate | '';
  open: boolean;
  /** The whole section, toggle too, is hidden (the DVLA's 'Add both' is the one way on). */
  hidden: boolean;
  onToggle: () => void;
}) {
  const moreId = useId();
  const hint = windowsHint(category, vehicleDate);
  return (
    <>
      <button
        type="button"
        className="btn btn-ghost more-options-toggle"
        hidden={hidden}
        aria-expanded={open}
        aria-controls={moreId}
        onClick={onToggle}
      >
        <span aria-hidden="true" className="more-options-chevron">
          {open ? '▾' : '▸'}
        </span>
        More options
      </button>
      <div id={moreId} className="more-options" hidden={!open || hidden}>
        <p className="more-options-tip">{UK_TIPS[category]}</p>
        <Field name="auto_renew" label="Renews automatically" type="checkbox" />
        {hint !== null ? (
          <Field name="action_windows" label="Also tell me the best day to act" type="checkbox" hint={hint} />
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
    </>
  );
}
