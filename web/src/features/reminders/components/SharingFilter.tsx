import { useSearchParams } from 'react-router';
import { REMINDER_FILTERS, REMINDER_FILTER_LABELS, type ReminderFilter } from '#shared/reminder/sharing.ts';
import './SharingFilter.css';

/** The search parameter that keeps the choice, so back, forward and reload keep it too. */
export const SHARING_PARAM = 'show';

/** The filter the address names ('All' when it names none, or something else). */
export function useSharingFilter(): [ReminderFilter, (filter: ReminderFilter) => void] {
  const [params, setParams] = useSearchParams();
  const filter = REMINDER_FILTERS.find((f) => f === params.get(SHARING_PARAM)) ?? 'all';
  const choose = (next: ReminderFilter) =>
    setParams((current) => {
      const changed = new URLSearchParams(current);
      if (next === 'all') changed.delete(SHARING_PARAM);
      else changed.set(SHARING_PARAM, next);
      return changed;
    });
  return [filter, choose];
}

/** What the list says when a filter leaves nothing (before any search narrows it further). */
export const SHARING_EMPTY: Record<Exclude<ReminderFilter, 'all'>, string> = {
  mine: 'None of yours yet: no reminders of your own, and no shared ones you deal with.',
  shared: 'No shared reminders yet',
};

/** 'All', 'Mine' and 'Shared' as one segmented row of radios: arrow keys move between them. */
export function SharingFilter({
  filter,
  onChange,
}: {
  filter: ReminderFilter;
  onChange: (filter: ReminderFilter) => void;
}) {
  return (
    <fieldset className="sharing-filter">
      <legend className="visually-hidden">Show</legend>
      {REMINDER_FILTERS.map((f) => (
        <label key={f} className="sharing-filter-option">
          <input
            type="radio"
            name="sharing-filter"
            value={f}
            checked={filter === f}
            onChange={() => onChange(f)}
          />
          <span>{REMINDER_FILTER_LABELS[f]}</span>
        </label>
      ))}
    </fieldset>
  );
}
