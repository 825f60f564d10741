import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import type { Reminder } from '#shared/api.ts';
import { AppHeader } from '../components/AppHeader.tsx';
import { PlusIcon } from '../components/Icons.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { formatPounds } from '#shared/dates.ts';
import { useMe, usePublicConfig, useReminders, useSavings } from '../api/queries.ts';
import { useMediaQuery } from '../lib/useMediaQuery.ts';
import { useDocumentTitle } from '../lib/useDocumentTitle.ts';
import { DeleteReminderDialog } from './dashboard/DeleteReminderDialog.tsx';
import { ReminderCards, ReminderTable } from './dashboard/ReminderList.tsx';
import { ReminderDialog } from './dashboard/ReminderDialog.tsx';

export default function DashboardPage() {
  useDocumentTitle('Dashboard');
  const reminders = useReminders();
  const savings = useSavings();
  const me = useMe();
  const config = usePublicConfig();
  const isWide = useMediaQuery('(min-width: 768px)');
  const [dialogOpen, setDialogOpen] = useState(false);
  const [editing, setEditing] = useState<Reminder | null>(null);
  const [deleting, setDeleting] = useState<Reminder | null>(null);

  useEffect(() => {
    // Spec section 8: a savings total that fails to load is only logged.
    if (savings.isError) console.error('Failed to load savings', savings.error);
  }, [savings.isError, savings.error]);

  useEffect(() => {
    if (reminders.isError) toast.error('Error', { description: 'Failed to load reminders' });
  }, [reminders.isError, reminders.errorUpdatedAt]);

  const openCreate = () => {
    setEditing(null);
    setDialogOpen(true);
  };
  const openEdit = (reminder: Reminder) => {
    setEditing(reminder);
    setDialogOpen(true);
  };

  const list = reminders.data ?? [];

  return (
    <div className="app-shell">
      <AppHeader />
      <main className="container page" id="main">
        <h1 className="visually-hidden">Dashboard</h1>
        {savings.isPending || reminders.isPending || me.isPending ? (
          <div className="panel-center">
            <Spinner label="Loading your dashboard" />
          </div>
        ) : (
          <>
            {me.data?.profile.lifetime_free === true && (
              <p className="founding-note">
                <span className="badge badge-secondary">Founding member: free for life</span>
              </p>
            )}
            {config.data?.featureFlags.country_cta_v1 === true && me.data && (
              <CountryCallToAction country={me.data.profile.country} />
            )}
            {savings.data && savings.data.total > 0 && (
              <section className="card savings-banner" aria-label="Your savings">
                <p className="savings-banner-title">
                  You&apos;ve reported saving {formatPounds(savings.data.total)}!
                </p>
                <p className="savings-banner-text">Keep tracking your renewals to save even more.</p>
              </section>
            )}
            <section aria-labelledby="reminders-heading" className="reminders-section">
              <div className="section-head">
                <h2 id="reminders-heading">Your Reminders</h2>
                <button type="button" className="btn btn-primary" onClick={openCreate}>
                  <PlusIcon />
                  Add Reminder
                </button>
              </div>

              {reminders.isError ? (
                <div className="card empty-state">
                  <p>Your reminders could not be loaded.</p>
                  <button type="button" className="btn btn-outline" onClick={() => void reminders.refetch()}>
                    Try again
                  </button>
                </div>
              ) : list.length === 0 ? (
                <div className="card empty-state">
                  <p>No reminders yet. Add your first reminder to start saving money!</p>
                  <button type="button" className="btn btn-primary" onClick={openCreate}>
                    Add Your First Reminder
                  </button>
                </div>
              ) : isWide ? (
                <ReminderTable reminders={list} onEdit={openEdit} onDelete={setDeleting} />
              ) : (
                <ReminderCards reminders={list} onEdit={openEdit} onDelete={setDeleting} />
              )}
            </section>
          </>
        )}
      </main>
      <ReminderDialog open={dialogOpen} reminder={editing} onOpenChange={setDialogOpen} />
      <DeleteReminderDialog reminder={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}

/**
 * Feature flag country_cta_v1: a call to action for the user's country above the reminders. UK
 * users get the next Ofgem price-cap change (1 January, April, July, October), the renewal most
 * households miss; everyone else learns that reminders work for any contract, wherever they live.
 */
function CountryCallToAction({ country }: { country: string }) {
  if (country !== 'GB') {
    return (
      <aside className="card country-cta" aria-label="Tip for your country">
        <p>
          Reminders work for any renewal date, wherever you live: add the contracts that renew where you are
          and we will e-mail you in good time.
        </p>
      </aside>
    );
  }
  const now = new Date();
  const quarterMonths = [0, 3, 6, 9];
  const month = quarterMonths.find((m) => m > now.getMonth());
  const next = new Date(month === undefined ? now.getFullYear() + 1 : now.getFullYear(), month ?? 0, 1);
  const when = next.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
  return (
    <aside className="card country-cta" aria-label="Tip for UK households">
      <p>
        The energy price cap changes on {when}. Add your energy contract and we will remind you to compare
        fixed tariffs before then.
      </p>
    </aside>
  );
}
