import { DateTime } from 'luxon';
import { UK_ZONE } from '#shared/dates.ts';

/** Admin times are shown in UK time, the zone the cron log dates its runs in: '21/11/2026, 08:00:03'. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const dt = DateTime.fromISO(iso, { zone: UK_ZONE });
  return dt.isValid ? dt.toFormat('dd/MM/yyyy, HH:mm:ss') : iso;
}

/** 'Sat 21/11/2026, 08:00:03': the cron log's run time with its weekday. */
export function formatRunTime(iso: string): string {
  const dt = DateTime.fromISO(iso, { zone: UK_ZONE });
  return dt.isValid ? dt.toFormat('ccc dd/MM/yyyy, HH:mm:ss') : iso;
}
