import { useSearchParams } from 'react-router';
import { useMe } from '../../../api/get-me.ts';
import { showsKeptCopy } from '../../../api/saved-queries.ts';
import { AppLayout } from '../../../components/AppLayout.tsx';
import { ArrowLeftIcon } from '../../../components/Icons.tsx';
import { ErrorPanel, LoadingPanel } from '../../../components/Panels.tsx';
import { INBOX_UPLOAD_PARAM, ROUTES } from '../../../config/routes.ts';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle.ts';
import { useGoBack } from '../../../hooks/useGoBack.ts';
import { CalendarCard } from '../components/CalendarCard.tsx';
import { ChangePasswordCard } from '../components/ChangePasswordCard.tsx';
import { SignOutEverywhereCard } from '../components/SignOutEverywhereCard.tsx';
import { YourDataCard } from '../components/YourDataCard.tsx';
import { DangerZone } from '../components/DangerZone.tsx';
import { ProfileForm } from '../components/ProfileForm.tsx';
import { NotificationsCard } from '../../notifications/index.ts';
import { HouseholdCard } from '../../household/index.ts';
import { InboxCard } from '../../inbox/index.ts';
import { useHouseholdMembers } from '../../../api/get-household.ts';
import './SettingsPage.css';

export default function SettingsPage() {
  useDocumentTitle(ROUTES.settings.title);
  const goBack = useGoBack(ROUTES.dashboard.path);
  const me = useMe();
  // The form waits for the household too: its 'Remind me about shared renewals' must not pop in late.
  const { members, isPending: householdPending } = useHouseholdMembers();
  // ?upload=letter (the notice question's 'Yes, and here it is'): 'Upload a letter' opens at once;
  // closing it drops the parameter, so going back or reloading does not open it again.
  const [params, setParams] = useSearchParams();
  const uploadAsked = params.get(INBOX_UPLOAD_PARAM) === 'letter';
  const uploadClosed = () =>
    setParams(
      (now) => {
        now.delete(INBOX_UPLOAD_PARAM);
        return now;
      },
      { replace: true },
    );

  return (
    <AppLayout narrow>
      <h1 className="visually-hidden">{ROUTES.settings.title}</h1>
      <button type="button" className="btn btn-ghost btn-sm back-button" onClick={goBack}>
        <ArrowLeftIcon />
        Back
      </button>
      {me.isPending || householdPending ? (
        <LoadingPanel label="Loading your settings" className="card settings-loading" />
      ) : me.isError ? (
        <ErrorPanel message="Your settings could not be loaded." onRetry={() => void me.refetch()} />
      ) : (
        // Kept data is stale until read again after this page opened.
        <ProfileForm
          profile={me.data.profile}
          refreshing={showsKeptCopy(me)}
          inHousehold={members !== null}
        />
      )}
      <InboxCard startUpload={uploadAsked} onUploadClosed={uploadClosed} />
      <HouseholdCard />
      <NotificationsCard />
      <CalendarCard />
      <YourDataCard />
      <ChangePasswordCard />
      <SignOutEverywhereCard />
      <DangerZone />
    </AppLayout>
  );
}
