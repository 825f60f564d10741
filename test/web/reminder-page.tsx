/** The reminder's page in the web tests: opened at its address, outside a household, its details known. */
import { MemoryRouter, Route, Routes } from 'react-router';
import type { ReminderDetails } from '#shared/api.ts';
import { householdQueryKey } from '../../web/src/api/get-household.ts';
import { meQueryKey } from '../../web/src/api/get-me.ts';
import { reminderQueryKey } from '../../web/src/api/get-reminder.ts';
import ReminderPage from '../../web/src/features/reminders/pages/ReminderPage.tsx';
import { aProfile, NO_HOUSEHOLD } from './fixtures.ts';
import { renderWithClient, stubFetch } from './render.tsx';

/** Renders /reminders/:id for `details`' reminder (every request answered 200 {}): no fetch needed. */
export function openReminderPage(details: ReminderDetails) {
  stubFetch(200, {});
  return renderWithClient(
    <MemoryRouter initialEntries={[`/reminders/${details.reminder.id}`]}>
      <Routes>
        <Route path="/reminders/:reminderId" element={<ReminderPage />} />
      </Routes>
    </MemoryRouter>,
    [
      [householdQueryKey, NO_HOUSEHOLD],
      [meQueryKey, { profile: aProfile(), isAdmin: false }],
      [reminderQueryKey(details.reminder.id), details],
    ],
  );
}
