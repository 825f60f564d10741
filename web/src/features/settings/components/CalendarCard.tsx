import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ReadOnlyField } from '../../../components/form/ReadOnlyField.tsx';
import { ErrorPanel, LoadingPanel } from '../../../components/Panels.tsx';
import { useCalendarLink, useResetCalendarLink } from '../api/calendar-link.ts';
import { SettingsCard } from '../../../components/SettingsCard.tsx';

/**
 * 'Calendar feed': the private address to subscribe to (https to copy, webcal to open in a calendar
 * app), 'Copy link', and 'Reset link' for when it has been shared by mistake.
 */
export function CalendarCard() {
  const link = useCalendarLink();
  const reset = useResetCalendarLink();
  const [confirming, setConfirming] = useState(false);

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Link copied', { description: 'Paste it into your calendar app to subscribe.' });
    } catch {
      toast.error('Error', { description: 'Could not copy the link: select it and copy it yourself.' });
    }
  };

  const onReset = async () => {
    try {
      await reset.mutateAsync();
      setConfirming(false);
      toast.success('Calendar link reset', { description: 'The old address no longer works.' });
    } catch {
      toast.error('Error', { description: 'Failed to reset the calendar link' });
    }
  };

  return (
    <SettingsCard headingId="calendar-heading" title="Calendar feed">
      <p className="muted">
        Subscribe in Google Calendar, Apple Calendar or Outlook to see every renewal and act-by date, with
        alerts on your reminder days. Keep the address private: anyone who has it can see your renewals.
      </p>
      {link.isPending ? (
        <LoadingPanel label="Loading your calendar link" />
      ) : link.isError ? (
        <ErrorPanel message="Your calendar link could not be loaded." onRetry={() => void link.refetch()} />
      ) : (
        <div className="calendar-link">
          <ReadOnlyField label="Calendar address" value={link.data.https_url} />
          <div className="calendar-actions">
            <button type="button" className="btn btn-primary" onClick={() => void copy(link.data.https_url)}>
              Copy link
            </button>
            <a className="btn btn-outline" href={link.data.webcal_url}>
              Open in calendar app
            </a>
            <ConfirmDialog
              open={confirming}
              onOpenChange={setConfirming}
              title="Reset calendar link?"
              description="Calendars subscribed to the current address stop updating. You will need to subscribe again with the new one."
              confirmLabel="Reset link"
              busy={reset.isPending}
              onConfirm={() => void onReset()}
              trigger={
                <button type="button" className="btn btn-ghost">
                  Reset link
                </button>
              }
            />
          </div>
        </div>
      )}
    </SettingsCard>
  );
}
