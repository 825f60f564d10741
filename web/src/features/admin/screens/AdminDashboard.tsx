import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { AdminStats } from '#shared/admin.ts';
import { categoryLabel } from '#shared/reminder/categories.ts';
import { formatPounds } from '#shared/dates.ts';
import { COUNTRIES } from '#shared/locales.ts';
import { usePublicConfig } from '../../../api/get-public-config.ts';
import { Badge } from '../../../components/Badge.tsx';
import { ErrorPanel, LoadingPanel } from '../../../components/Panels.tsx';
import { ADMIN_TOOLS } from '../menus.ts';
import { useAdminStats } from '../api/get-admin-stats.ts';
import { AdminCard, Notice } from '../components/blocks.tsx';

const count = (n: number) => n.toLocaleString('en-GB');
const plural = (n: number, one: string) => (n === 1 ? one : `${one}s`);

/** The statistics cards: a label, the headline figure and the detail lines under it. */
function statCards(s: AdminStats): { label: string; value: string; detail: string[] }[] {
  return [
    {
      label: 'Total Users',
      value: count(s.total_users),
      detail: [`+${count(s.new_users_7_days)} new this week`],
    },
    {
      label: 'Total Reminders',
      value: count(s.total_reminders),
      detail: [`${count(s.active_reminders)} active, ${count(s.past_due_reminders)} overdue`],
    },
    {
      label: 'Due Soon',
      value: count(s.reminders_due_7_days),
      detail: [
        `${count(s.reminders_due_7_days)} due in 7 days`,
        `${count(s.reminders_due_30_days)} due in 30 days`,
      ],
    },
    {
      label: 'Total Savings',
      value: formatPounds(s.total_savings),
      detail: [`${formatPounds(s.avg_savings_per_user)} average per user`],
    },
  ];
}

function countryName(code: string): string {
  const name = COUNTRIES.find((c) => c.code === code)?.name;
  return name ? `${name} (${code})` : code || 'Unknown';
}

interface CountRow {
  key: string;
  label: string;
  count: number;
  unit: string;
}

function CountList({ title, empty, rows }: { title: string; empty: string; rows: readonly CountRow[] }) {
  const list: ReactNode =
    rows.length === 0 ? (
      <p className="muted">{empty}</p>
    ) : (
      <ul className="admin-count-list">
        {rows.map((r) => (
          <li key={r.key}>
            <span>{r.label}</span>
            <Badge variant="secondary">
              {r.count} <span className="visually-hidden">{r.unit}</span>
            </Badge>
          </li>
        ))}
      </ul>
    );
  return (
    <AdminCard
      id={`admin-list-${title.toLowerCase().replaceAll(' ', '-')}`}
      title={title}
      className="card admin-count-card"
    >
      {list}
    </AdminCard>
  );
}

/** /admin: statistics cards, the tool buttons and (feature flag admin_dashboard_v1) the breakdown lists. */
export function AdminDashboard() {
  const stats = useAdminStats();
  const config = usePublicConfig();

  useEffect(() => {
    // A stats load failure is only logged: the page offers a retry, no toast.
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
            EMAIL_PROVIDER is &apos;disabled&apos;: the reminder job sends no reminder e-mails until it is set
            to &apos;ses&apos;.
          </p>
        </Notice>
      )}

      <ul className="admin-stats-grid" aria-label="Statistics">
        {statCards(s).map((card) => (
          <li key={card.label} className="card admin-stat">
            <h2 className="admin-stat-label">{card.label}</h2>
            <p className="admin-stat-value">{card.value}</p>
            <div className="admin-stat-detail">
              {card.detail.map((line) => (
                <p key={line}>{line}</p>
              ))}
            </div>
          </li>
        ))}
      </ul>

      <nav aria-label="Admin tools" className="admin-actions">
        {ADMIN_TOOLS.map((tool, i) => (
          <Link key={tool.to} to={tool.to} className={i === 0 ? 'btn btn-primary' : 'btn btn-outline'}>
            {tool.label}
          </Link>
        ))}
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
              unit: plural(c.reminder_count, 'reminder'),
            }))}
          />
          <CountList
            title="Users by Country"
            empty="No users yet."
            rows={s.by_country.slice(0, 10).map((c) => ({
              key: c.country,
              label: countryName(c.country),
              count: c.user_count,
              unit: plural(c.user_count, 'user'),
            }))}
          />
        </div>
      )}
    </div>
  );
}
