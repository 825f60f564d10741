import { useMemo, useState } from 'react';
import type { Reminder } from '#shared/api.ts';
import type { HouseholdMember } from '#shared/household.ts';
import { agendaOf } from '#shared/reminder/agenda.ts';
import { matchesFilter as matchesSharing } from '#shared/reminder/sharing.ts';
import { PlusIcon, UploadIcon } from '../../../components/Icons.tsx';
import { EmptyPanel, ErrorPanel } from '../../../components/Panels.tsx';
import { useMediaQuery } from '../../../hooks/useMediaQuery.ts';
import { AgendaFilters, matchesFilter, type AgendaFilter } from './AgendaFilters.tsx';
import { ReminderCards, ReminderTable } from './ReminderList.tsx';
import { SHARING_EMPTY, SharingFilter, useSharingFilter } from './SharingFilter.tsx';

/**
 * 'Your Reminders' on the dashboard: Import and Add, then the reminders in their agenda groups (a
 * table when wide, cards on a phone), filtered by search, category and, in a household, by who
 * shares them; or why there are none to show.
 */
export function RemindersSection({
  list,
  today,
  loadFailed,
  onRetry,
  members,
  myMembershipId,
  onAdd,
  onImport,
  onEdit,
  onDelete,
}: {
  list: Reminder[];
  today: string;
  loadFailed: boolean;
  onRetry: () => void;
  members: readonly HouseholdMember[] | null;
  myMembershipId: string | null;
  onAdd: () => void;
  onImport: () => void;
  onEdit: (reminder: Reminder) => void;
  onDelete: (reminder: Reminder) => void;
}) {
  const isWide = useMediaQuery('(min-width: 768px)');
  const [filter, setFilter] = useState<AgendaFilter>({ search: '', category: '' });
  const [chosenSharing, setSharing] = useSharingFilter();
  // Outside a household there is nothing shared to filter: every reminder is the caller's.
  const sharing = members === null ? 'all' : chosenSharing;
  const List = isWide ? ReminderTable : ReminderCards;
  const bySharing = useMemo(
    () => list.filter((r) => matchesSharing(r, sharing, myMembershipId)),
    [list, sharing, myMembershipId],
  );
  const groups = useMemo(
    () =>
      agendaOf(
        bySharing.filter((r) => matchesFilter(r, filter)),
        today,
      ),
    [bySharing, filter, today],
  );
  return (
    <section aria-labelledby="reminders-heading" className="reminders-section">
      <div className="section-head reminders-head">
        <h2 id="reminders-heading">Your Reminders</h2>
        <div className="section-actions">
          <button type="button" className="btn btn-outline import-button" onClick={onImport}>
            <UploadIcon />
            <span className="import-label">Import</span>
          </button>
          <button type="button" className="btn btn-primary" onClick={onAdd}>
            <PlusIcon />
            Add Reminder
          </button>
        </div>
      </div>
      {loadFailed ? (
        <ErrorPanel message="Your reminders could not be loaded." onRetry={onRetry} alert={false} />
      ) : list.length === 0 ? (
        <EmptyPanel
          action={
            <button type="button" className="btn btn-primary" onClick={onAdd}>
              Add Your First Reminder
            </button>
          }
        >
          No reminders yet. Add your first reminder to start saving money!
        </EmptyPanel>
      ) : (
        <>
          {members !== null && <SharingFilter filter={sharing} onChange={setSharing} />}
          <AgendaFilters filter={filter} onChange={setFilter} />
          {sharing !== 'all' && bySharing.length === 0 ? (
            <p className="muted agenda-none">{SHARING_EMPTY[sharing]}</p>
          ) : groups.length === 0 ? (
            <p className="muted agenda-none">No reminders match your search.</p>
          ) : (
            groups.map(({ group, label, reminders: items }) => (
              <section key={group} className="agenda-group" aria-labelledby={`agenda-${group}`}>
                <h3 id={`agenda-${group}`} className="agenda-heading">
                  {label} <span className="agenda-count">{items.length}</span>
                </h3>
                <List
                  reminders={items}
                  onEdit={onEdit}
                  onDelete={onDelete}
                  needsAnswer={group === 'needs_answer'}
                  members={members}
                />
              </section>
            ))
          )}
        </>
      )}
    </section>
  );
}
