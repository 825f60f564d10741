import { daysLeft, daysLeftBadge } from '#shared/dates.ts';

export function DaysLeftBadge({ renewalDate }: { renewalDate: string }) {
  const { text, variant } = daysLeftBadge(daysLeft(renewalDate));
  return <span className={`badge badge-${variant}`}>{text}</span>;
}
