import { useEffect, useMemo, useState } from 'react';
import { toast } from 'sonner';
import type { Reminder } from '#shared/api.ts';
import { todayIn } from '#shared/dates.ts';
import { agendaSummary } from '#shared/reminder/agenda.ts';
import { useMe } from '../../../api/get-me.ts';
import { usePublicConfig } from '../../../api/get-public-config.ts';
import { showsKeptCopy } from '../../../api/saved-queries.ts';
import { useReminders } from '../../../api/get-reminders.ts';
import { AppLayout } from '../../../components/AppLayout.tsx';
import { Badge } from '../../../components/Badge.tsx';
import { DASHBOARD_BLOCKS, SkeletonBlocks } from '../../../components/Skeleton.tsx';
import { ROUTES } from '../../../config/routes.ts';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle.ts';
import { useHouseholdMembers } from '../../../api/get-household.ts';
import { hasSavings, useSavings, YourSavings } from '../../savings/index.ts';
import { FromYourInbox, InboxStrip } from '../../inbox/index.ts';
import { CountryCallToAction, countryTipApplies } from '../components/CountryCallToAction.tsx';
import { DeleteReminderDialog, ImportDialog, ReminderDialog } from '../components/lazy-dialogs.tsx';
import { RemindersSection } from '../components/RemindersSection.tsx';
import { SummaryCard } from '../components/SummaryCard.tsx';
import { ThisWeek } from '../components/ThisWeek.tsx';
import './DashboardPage.css';

export default function DashboardPage() {
  useDocumentTitle(ROUTES.dashboard.title);
  const reminders = useReminders();
  const savings = useSavings();
  const me = useMe();
  const config = usePublicConfig();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [editing, setEditing] = useState<Reminder | null>(null);
  const [deleting, setDeleting] = useState<Reminder | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const household = useHouseholdMembers();
  const { members, myMembershipId } = household;

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
          <RemindersSection
            list={list}
            today={today}
            loadFailed={reminders.isError}
            onRetry={() => void reminders.refetch()}
            members={members}
            myMembershipId={myMembershipId}
            onAdd={openCreate}
            onImport={() => setImportOpen(true)}
            onEdit={openDialog}
            onDelete={setDeleting}
          />
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
