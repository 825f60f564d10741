import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import type { Reminder } from '#shared/api.ts';
import { formatPounds } from '#shared/dates.ts';
import { useMe } from '../../../api/get-me.ts';
import { usePublicConfig } from '../../../api/get-public-config.ts';
import { useReminders } from '../../../api/get-reminders.ts';
import { AppLayout } from '../../../app/AppLayout.tsx';
import { Badge } from '../../../components/Badge.tsx';
import { PlusIcon, UploadIcon } from '../../../components/Icons.tsx';
import { EmptyPanel, ErrorPanel, LoadingPanel } from '../../../components/Panels.tsx';
import { ROUTES } from '../../../config/routes.ts';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle.ts';
import { useMediaQuery } from '../../../hooks/useMediaQuery.ts';
import { useSavings, YourSavings } from '../../savings/index.ts';
import { CountryCallToAction } from '../components/CountryCallToAction.tsx';
import { DeleteReminderDialog } from '../components/DeleteReminderDialog.tsx';
import { ImportDialog } from '../components/ImportDialog.tsx';
import { ReminderDialog } from '../components/ReminderDialog.tsx';
import { ReminderCards, ReminderTable } from '../components/ReminderList.tsx';
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

  const list = reminders.data ?? [];
  const List = isWide ? ReminderTable : ReminderCards;

  return (
    <AppLayout>
      <h1 className="visually-hidden">{ROUTES.dashboard.title}</h1>
      {savings.isPending || reminders.isPending || me.isPending ? (
        <LoadingPanel label="Loading your dashboard" />
      ) : (
        <>
          {me.data?.profile.lifetime_free === true && (
            <p className="founding-note">
              <Badge variant="secondary">Founding member: free for life</Badge>
            </p>
          )}
          {config.data?.featureFlags.country_cta_v1 === true && me.data && (
            <CountryCallToAction country={me.data.profile.country} />
          )}
          {savings.data && savings.data.total > 0 && (
            <section className="card savings-banner" aria-label="Savings total">
              <p className="savings-banner-title">
                You&apos;ve reported saving {formatPounds(savings.data.total)}!
              </p>
              <p className="savings-banner-text">Keep tracking your renewals to save even more.</p>
            </section>
          )}
          <section aria-labelledby="reminders-heading" className="reminders-section">
            <div className="section-head">
              <h2 id="reminders-heading">Your Reminders</h2>
              <div className="section-actions">
                <button type="button" className="btn btn-outline" onClick={() => setImportOpen(true)}>
                  <UploadIcon />
                  Import
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
              <List reminders={list} onEdit={openDialog} onDelete={setDeleting} />
            )}
          </section>
          <YourSavings summary={savings.data} />
        </>
      )}
      <ReminderDialog open={dialogOpen} reminder={editing} onOpenChange={setDialogOpen} />
      <DeleteReminderDialog reminder={deleting} onClose={() => setDeleting(null)} />
      <ImportDialog open={importOpen} onOpenChange={setImportOpen} />
    </AppLayout>
  );
}
