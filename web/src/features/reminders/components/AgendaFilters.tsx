import { CATEGORIES } from '#shared/reminder/categories.ts';
import { SearchIcon } from '../../../components/Icons.tsx';
import '../../../components/form/form.css';

export interface AgendaFilter {
  search: string;
  category: string;
}

/** 'Search reminders' and 'All categories': they narrow the groups on cards and table alike. */
export function AgendaFilters({
  filter,
  onChange,
}: {
  filter: AgendaFilter;
  onChange: (filter: AgendaFilter) => void;
}) {
  return (
    <div className="agenda-filters" role="search">
      <label className="agenda-search">
        <span className="visually-hidden">Search reminders</span>
        <SearchIcon />
        <input
          type="search"
          className="input"
          placeholder="Search reminders"
          value={filter.search}
          onChange={(event) => onChange({ ...filter, search: event.target.value })}
        />
      </label>
      <label>
        <span className="visually-hidden">Category</span>
        <select
          className="input"
          value={filter.category}
          onChange={(event) => onChange({ ...filter, category: event.target.value })}
        >
          <option value="">All categories</option>
          {CATEGORIES.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

/** Whether a reminder matches the filter: its title, provider or notes hold the search, in the category. */
export function matchesFilter(
  reminder: { title: string; provider: string; notes: string | null; category: string },
  filter: AgendaFilter,
): boolean {
  if (filter.category && reminder.category !== filter.category) return false;
  const search = filter.search.trim().toLocaleLowerCase('en-GB');
  if (!search) return true;
  return [reminder.title, reminder.provider, reminder.notes ?? ''].some((text) =>
    text.toLocaleLowerCase('en-GB').includes(search),
  );
}
