import { useEffect, useMemo, useState } from 'react';
import { toast } from 'sonner';
import type { Reminder } from '#shared/api.ts';
import { todayIn } from '#shared/dates.ts';
import { agendaOf, agendaSummary } from '#shared/reminder/agenda.ts';
import { matchesFilter as matchesSharing } from '#shared/reminder/sharing.ts';
import { useMe } from '../../../api/get-me.ts';
import { usePublicConfig } from '../../../api/get-public-config.ts';
import { showsKeptCopy } from '../../../api/saved-queries.ts';
import { useReminders } from '../../../api/get-reminders.ts';
import { AppLayout } from '../../../components/AppLayout.tsx';
import { Badge } from '../../../components/Badge.tsx';
import { PlusIcon, UploadIcon } from '../../../components/Icons.tsx';
import { EmptyPanel, ErrorPanel } from '../../../components/Panels.tsx';
import { DASHBOARD_BLOCKS, SkeletonBlocks } from '../../../components/Skeleton.tsx';
import { ROUTES } from '../../../config/routes.ts';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle.ts';
import { useMediaQuery } from '../../../hooks/useMediaQuery.ts';
import { useHouseholdMembers } from '../../../api/get-household.ts';
import { hasSavings, useSavings, YourSavings } from '../../savings/index.ts';
import { FromYourInbox, InboxStrip } from '../../inbox/index.ts';
import { AgendaFilters, matchesFilter, type AgendaFilter } from '../components/AgendaFilters.tsx';
import { CountryCallToAction, countryTipApplies } from '../components/CountryCallToAction.tsx';
import { DeleteReminderDialog, ImportDialog, ReminderDialog } from '../components/lazy-dialogs.tsx';
import { ReminderCards, ReminderTable } from '../components/ReminderList.tsx';
import { SHARING_EMPTY, SharingFilter, useSharingFilter } from '../components/SharingFilter.tsx';
import { SummaryCard } from '../components/SummaryCard.tsx';
import { ThisWeek } from '../components/ThisWeek.tsx';
import './DashboardPage.css';

export default function DashboardPage() {
  useDocumentTitle(ROUTES.dashboard.title);
  const reminders = useReminders();
  const savings = useSavings();
  const me = useMe();
  const config = usePublicConfig();
  const isWide = useMediaQuery('(min-width: 768px)');
  const [dialogOpen, setDialogOpen] = useState(false);
  const [editing, setEditing] = useState<Reminder | null>(null);
  const [deleting, setDeleting] = useState<Reminder | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const [filter, setFilter] = useState<AgendaFilter>({ search: '', category: '' });
  const household = useHouseholdMembers();
  const { members, myMembershipId } = household;
  const [chosenSharing, setSharing] = useSharingFilter();
  // Outside a household there is nothing shared to filter: every reminder is the caller's.
  const sharing = members === null ? 'all' : chosenSharing;

  useEffect(() => {
    // A savings total that fails to load is only logged: the banner is a bonus, not the page.
    if (savings.isError) console.error('Failed to load savings', savings.error);
  }, [savings.isError, savings.error]);

  useEffect(() => {
    if (reminders.isError) toast.error('Error', { description: 'Failed to load reminders' });
  }, [reminders.isError, reminders.errorUpdatedAt]);

  const openDialog = (reminder: Reminder | null) => {
    setEditing(reminder);
    setDialogOpen(true);
  };
  const openCreate = () => openDialog(null);

  const list = useMemo(() => reminders.data ?? [], [reminders.data]);
  // The reminder being edited as the list now has it: a kept copy gives way to the fresh one.
  const editingNow = editing && (list.find((r) => r.id === editing.id) ?? editing);
  const List = isWide ? ReminderTable : ReminderCards;
  const today = todayIn(me.data?.profile.timezone);
  // A shared bill counts the reader's part ('Who pays?'), by the household's membership ids.
  const summary = useMemo(
    () =>
      agendaSummary(list, today, {
        me: myMembershipId,
        members: (members ?? []).map((m) => m.membership_id),
      }),
    [list, today, myMembershipId, members],
  );
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
  const country = me.data?.profile.country;
  const showTip =
    config.data?.featureFlags.country_cta_v1 === true &&
    country !== undefined &&
    countryTipApplies(country, list);

  return (
    <AppLayout>
      <h1 className="visually-hidden">{ROUTES.dashboard.title}</h1>
      {savings.isPending || reminders.isPending || me.isPending || household.isPending ? (
        <SkeletonBlocks label="Loading your dashboard" blocks={DASHBOARD_BLOCKS} />
      ) : (
        <>
          {(list.length > 0 || hasSavings(savings.data)) && (
            <SummaryCard summary={summary} savings={savings.data} />
          )}
          <ThisWeek reminders={list} today={today} onAnswer={openDialog} />
          {/* What the inbox read, to act on, before the list; its address and upload after the list,
              so a phone still shows the first reminder in its first screen. */}
          <FromYourInbox />
          <section aria-labelledby="reminders-heading" className="reminders-section">
            <div className="section-head reminders-head">
              <h2 id="reminders-heading">Your Reminders</h2>
              <div className="section-actions">
                <button
                  type="button"
                  className="btn btn-outline import-button"
                  onClick={() => setImportOpen(true)}
                >
                  <UploadIcon />
                  <span className="import-label">Import</span>
                </button>
                <button type="button" className="btn btn-primary" onClick={openCreate}>
                  <PlusIcon />
                  Add Reminder
                </button>
              </div>
            </div>
            {reminders.isError ? (
              <ErrorPanel
                message="Your reminders could not be loaded."
                onRetry={() => void reminders.refetch()}
                alert={false}
              />
            ) : list.length === 0 ? (
              <EmptyPanel
                action={
                  <button type="button" className="btn btn-primary" onClick={openCreate}>
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
                        onEdit={openDialog}
                        onDelete={setDeleting}
                        needsAnswer={group === 'needs_answer'}
                        members={members}
                      />
                    </section>
                  ))
                )}
              </>
            )}
          </section>
          <InboxStrip />
          {showTip && <CountryCallToAction country={country} />}
          {me.data?.profile.lifetime_free === true && (
            <p className="founding-note">
              <Badge variant="secondary">Founding member: free for life</Badge>
            </p>
          )}
          <div id="your-savings">
            <YourSavings summary={savings.data} members={members} />
          </div>
          {/* With the list, so their code loads when the browser is idle after it, not beside it. */}
          <ReminderDialog
            open={dialogOpen}
            reminder={editingNow}
            onOpenChange={setDialogOpen}
            refreshing={showsKeptCopy(reminders)}
          />
          <DeleteReminderDialog reminder={deleting} onClose={() => setDeleting(null)} />
          <ImportDialog open={importOpen} onOpenChange={setImportOpen} />
        </>
      )}
    </AppLayout>
  );
}
