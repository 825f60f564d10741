import { daysLeft, daysLeftBadge } from '#shared/dates.ts';
import { Badge } from '../../../components/Badge.tsx';

/** Days to the renewal; 'Date passed' for one gone by more than a term (`longPast`). */
export function DaysLeftBadge({
  renewalDate,
  longPast = false,
}: {
  renewalDate: string;
  longPast?: boolean;
}) {
  const { text, variant } = daysLeftBadge(daysLeft(renewalDate), longPast);
  return <Badge variant={variant}>{text}</Badge>;
}
