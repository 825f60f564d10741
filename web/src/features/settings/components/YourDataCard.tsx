import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { remindersCsv } from '#shared/csv.ts';
import { FORMER_MEMBER, memberName } from '#shared/reminder/sharing.ts';
import { getHousehold, householdQueryKey } from '../../../api/get-household.ts';
import { API } from '#shared/routes.ts';
import { callApi } from '../../../api/client.ts';
import { remindersQueryOptions } from '../../../api/get-reminders.ts';
import { datedName, downloadFile } from '../../../utils/download.ts';
import { ImportDialog } from '../../reminders/index.ts';
import { SettingsCard } from '../../../components/SettingsCard.tsx';

const FILE_STEM = 'renewal-reminders';

/**
 * 'Your data': the reminders as a spreadsheet (CSV, the import's own format), reminders brought in
 * from such a file or another tracker's export, and a copy of everything we hold about the user
 * (JSON), their right under UK GDPR.
 */
export function YourDataCard() {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<'export' | 'download' | null>(null);
  const [importOpen, setImportOpen] = useState(false);

  const run = async (which: 'export' | 'download', work: () => Promise<void>, failure: string) => {
    setBusy(which);
    try {
      await work();
    } catch {
      toast.error('Error', { description: failure });
    } finally {
      setBusy(null);
    }
  };

  const exportReminders = () =>
    run(
      'export',
      async () => {
        const [reminders, { household }] = await Promise.all([
          queryClient.fetchQuery(remindersQueryOptions()),
          queryClient.fetchQuery({ queryKey: householdQueryKey, queryFn: getHousehold }),
        ]);
        // 'Who pays' names the members as the household shows them now.
        const nameOf = (id: string) => memberName(id, household?.members ?? []) ?? FORMER_MEMBER;
        downloadFile(remindersCsv(reminders, nameOf), datedName(FILE_STEM, 'csv'), 'text/csv;charset=utf-8');
        toast.success('Reminders exported', {
          description: `${reminders.length} ${reminders.length === 1 ? 'reminder' : 'reminders'} in the file.`,
        });
      },
      'Failed to export your reminders',
    );

  const downloadData = () =>
    run(
      'download',
      async () => {
        const data = await callApi(API.downloadMyData);
        downloadFile(
          JSON.stringify(data, null, 2),
          datedName(`${FILE_STEM}-my-data`, 'json'),
          'application/json',
        );
        toast.success('Your data is downloading');
      },
      'Failed to download your data',
    );

  return (
    <SettingsCard headingId="your-data-heading" title="Your data">
      <p className="muted">
        Export your reminders as a spreadsheet (CSV) to keep or to move elsewhere, import reminders from such
        a spreadsheet or from a Wallos or SubTrackr export, or download a copy of everything we hold about
        you: your profile, reminders, their history and savings, and the e-mails we have sent you.
      </p>
      <div className="calendar-actions">
        <button
          type="button"
          className="btn btn-outline"
          disabled={busy !== null}
          onClick={() => void exportReminders()}
        >
          {busy === 'export' ? 'Exporting...' : 'Export reminders'}
        </button>
        <button type="button" className="btn btn-outline" onClick={() => setImportOpen(true)}>
          Import reminders
        </button>
        <button
          type="button"
          className="btn btn-outline"
          disabled={busy !== null}
          onClick={() => void downloadData()}
        >
          {busy === 'download' ? 'Preparing...' : 'Download my data'}
        </button>
      </div>
      <ImportDialog open={importOpen} onOpenChange={setImportOpen} />
    </SettingsCard>
  );
}
