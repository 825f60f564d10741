import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { categoryLabel } from '#shared/categories.ts';
import { formatPounds } from '#shared/dates.ts';
import { COUNTRIES } from '#shared/locales.ts';
import { useAdminStats, usePublicConfig } from '../../api/admin.ts';
import { ErrorPanel, LoadingPanel, Notice } from './ui.tsx';

function StatCard({ label, value, children }: { label: string; value: ReactNode; children: ReactNode }) {
  return (
    <li className="card admin-stat">
      <h2 className="admin-stat-label">{label}</h2>
      <p className="admin-stat-value">{value}</p>
      <div className="admin-stat-detail">{children}</div>
    </li>
  );
}

function countryName(code: string): string {
  const name = COUNTRIES.find((c) => c.code === code)?.name;
  return name ? `${name} (${code})` : code || 'Unknown';
}

function CountList({
  title,
  empty,
  rows,
}: {
  title: string;
  empty: string;
  rows: readonly { key: string; label: string; count: number; unit: string }[];
}) {
  const id = `admin-list-${title.toLowerCase().replaceAll(' ', '-')}`;
  return (
    <section className="card admin-count-card" aria-labelledby={id}>
      <h2 id={id} className="admin-section-title">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="admin-count-list">
          {rows.map((r) => (
            <li key={r.key}>
              <span>{r.label}</span>
              <span className="badge badge-secondary">
                {r.count} <span className="visually-hidden">{r.unit}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** /admin: statistics cards, the tool buttons and (feature flag admin_dashboard_v1) the breakdown lists. */
export function AdminDashboard() {
  const stats = useAdminStats();
  const config = usePublicConfig();

  useEffect(() => {
    // Spec section 8: a stats load failure is only logged (the page offers a retry, no toast).
    if (stats.isError) console.error('Failed to load admin stats', stats.error);
  }, [stats.isError, stats.error]);

  if (stats.isPending || config.isPending) return <LoadingPanel label="Loading statistics" />;
  if (stats.isError) {
    return <ErrorPanel message="Statistics could not be loaded." onRetry={() => void stats.refetch()} />;
  }
  const s = stats.data;
  // Feature flag admin_dashboard_v1 (per stage, from /api/config; on by default): when on, the dashboard
  // also shows the 'Reminders by Category' and 'Users by Country' breakdowns; when off (or when the
  // configuration cannot be loaded) it shows only the statistics cards and the tool buttons.
  const v1 = config.data?.featureFlags.admin_dashboard_v1 === true;

  return (
    <div className="admin-stack">
      {s.email_provider === 'disabled' && (
        <Notice title="Reminder email sending is paused">
          <p>
            EMAIL_PROVIDER is &apos;disabled&apos;: the daily job sends no reminder e-mails until it is set to
            &apos;ses&apos;.
          </p>
        </Notice>
      )}

      <ul className="admin-stats-grid" aria-label="Statistics">
        <StatCard label="Total Users" value={s.total_users.toLocaleString('en-GB')}>
          <p>+{s.new_users_7_days.toLocaleString('en-GB')} new this week</p>
        </StatCard>
        <StatCard label="Total Reminders" value={s.total_reminders.toLocaleString('en-GB')}>
          <p>
            {s.active_reminders.toLocaleString('en-GB')} active,{' '}
            {s.past_due_reminders.toLocaleString('en-GB')} overdue
          </p>
        </StatCard>
        <StatCard label="Due Soon" value={s.reminders_due_7_days.toLocaleString('en-GB')}>
          <p>{s.reminders_due_7_days.toLocaleString('en-GB')} due in 7 days</p>
          <p>{s.reminders_due_30_days.toLocaleString('en-GB')} due in 30 days</p>
        </StatCard>
        <StatCard label="Total Savings" value={formatPounds(s.total_savings)}>
          <p>{formatPounds(s.avg_savings_per_user)} average per user</p>
        </StatCard>
      </ul>

      <nav aria-label="Admin tools" className="admin-actions">
        <Link to="/admin/system-test" className="btn btn-primary">
          Run System Test
        </Link>
        <Link to="/admin/email-test" className="btn btn-outline">
          Test Email
        </Link>
        <Link to="/admin/run-cron" className="btn btn-outline">
          Run Cron Job
        </Link>
        <Link to="/admin/cron-log" className="btn btn-outline">
          View Logs
        </Link>
      </nav>

      {v1 && (
        <div className="admin-two-col" data-feature="admin_dashboard_v1">
          <CountList
            title="Reminders by Category"
            empty="No reminders yet."
            rows={s.by_category.map((c) => ({
              key: c.category,
              // categoryLabel shows a known category's label and any other value with underscores as spaces.
              label: categoryLabel(c.category),
              count: c.reminder_count,
              unit: c.reminder_count === 1 ? 'reminder' : 'reminders',
            }))}
          />
          <CountList
            title="Users by Country"
            empty="No users yet."
            rows={s.by_country.slice(0, 10).map((c) => ({
              key: c.country,
              label: countryName(c.country),
              count: c.user_count,
              unit: c.user_count === 1 ? 'user' : 'users',
            }))}
          />
        </div>
      )}
    </div>
  );
}
