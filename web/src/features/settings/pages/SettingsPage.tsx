import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import type { Profile } from '#shared/api.ts';
import { COUNTRIES, DEFAULT_COUNTRY, DEFAULT_TIMEZONE, TIMEZONES } from '#shared/locales.ts';
import { profileUpdateSchema } from '#shared/schemas.ts';
import { AppHeader } from '../components/AppHeader.tsx';
import { Field } from '../components/Field.tsx';
import { ArrowLeftIcon } from '../components/Icons.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { ApiRequestError } from '../api/client.ts';
import { useDeleteAccount, useMe, useUpdateProfile } from '../api/queries.ts';
import { forgetDeletedAccount } from '../auth/session.ts';
import { useDocumentTitle } from '../lib/useDocumentTitle.ts';

type ProfileForm = {
  first_name: string;
  last_name: string;
  country: string;
  timezone: string;
  marketing_consent: boolean;
  reminder_emails: boolean;
};
const FIELDS: (keyof ProfileForm)[] = [
  'first_name',
  'last_name',
  'country',
  'timezone',
  'marketing_consent',
  'reminder_emails',
];

function toForm(profile: Profile | undefined): ProfileForm {
  return {
    first_name: profile?.first_name ?? '',
    last_name: profile?.last_name ?? '',
    country: profile?.country ?? DEFAULT_COUNTRY,
    timezone: profile?.timezone ?? DEFAULT_TIMEZONE,
    marketing_consent: profile?.marketing_consent ?? false,
    reminder_emails: profile?.reminder_emails ?? true,
  };
}

/** A stored value outside the offered list (older data) is still shown and kept, not silently changed. */
function withCurrent<T extends { value: string; label: string }>(options: T[], current: string | undefined) {
  if (!current || options.some((o) => o.value === current)) return options;
  return [{ value: current, label: current } as T, ...options];
}

export default function SettingsPage() {
  useDocumentTitle('Settings');
  const navigate = useNavigate();
  const me = useMe();

  const goBack = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate('/dashboard');
  };

  return (
    <div className="app-shell">
      <AppHeader />
      <main className="container page page-narrow" id="main">
        <h1 className="visually-hidden">Settings</h1>
        <button type="button" className="btn btn-ghost btn-sm back-button" onClick={goBack}>
          <ArrowLeftIcon />
          Back
        </button>
        {me.isPending ? (
          <div className="card panel-center settings-loading">
            <Spinner label="Loading your settings" />
          </div>
        ) : me.isError ? (
          <div className="card empty-state" role="alert">
            <p>Your settings could not be loaded.</p>
            <button type="button" className="btn btn-outline" onClick={() => void me.refetch()}>
              Try again
            </button>
          </div>
        ) : (
          <ProfileCard profile={me.data.profile} />
        )}
        <DangerZone />
      </main>
    </div>
  );
}

function ProfileCard({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof profileUpdateSchema>, unknown, z.output<typeof profileUpdateSchema>>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: toForm(profile),
  });

  useEffect(() => {
    reset(toForm(profile));
  }, [profile, reset]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      toast.success('Success', { description: 'Settings updated successfully' });
    } catch (error) {
      if (error instanceof ApiRequestError && error.fieldErrors) {
        for (const [field, messages] of Object.entries(error.fieldErrors)) {
          const message = messages[0];
          if (message && (FIELDS as string[]).includes(field)) {
            setError(field as keyof ProfileForm, { message });
          }
        }
      }
      toast.error('Error', { description: 'Failed to update settings' });
    }
  });

  const countries = withCurrent(
    COUNTRIES.map((c) => ({ value: c.code as string, label: c.name as string })),
    profile.country,
  );
  const timezones = withCurrent(
    TIMEZONES.map((t) => ({ value: t as string, label: (t as string).replace('_', ' ') })),
    profile.timezone,
  );

  return (
    <section className="card settings-card" aria-labelledby="profile-heading">
      <h2 id="profile-heading" className="card-title">
        Profile Settings
      </h2>
      <p className="muted card-description">Update your personal information and preferences</p>
      <form className="form" onSubmit={onSubmit} noValidate>
        <div className="form-row">
          <Field label="First Name" error={errors.first_name?.message}>
            {(props) => (
              <input {...props} type="text" autoComplete="given-name" {...register('first_name')} />
            )}
          </Field>
          <Field label="Last Name" error={errors.last_name?.message}>
            {(props) => (
              <input {...props} type="text" autoComplete="family-name" {...register('last_name')} />
            )}
          </Field>
        </div>
        <Field label="Country" error={errors.country?.message}>
          {(props) => (
            <select {...props} autoComplete="country" {...register('country')}>
              {countries.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Timezone" error={errors.timezone?.message}>
          {(props) => (
            <select {...props} {...register('timezone')}>
              {timezones.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <label className="checkbox">
          <input type="checkbox" {...register('marketing_consent')} />
          <span>I consent to receiving marketing communications</span>
        </label>
        <label className="checkbox">
          <input type="checkbox" {...register('reminder_emails')} />
          <span>Send me renewal reminder e-mails</span>
        </label>
        <div>
          <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : 'Save Changes'}
          </button>
        </div>
      </form>
    </section>
  );
}

function DangerZone() {
  const [open, setOpen] = useState(false);
  const remove = useDeleteAccount();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const busy = remove.isPending;

  const confirm = async () => {
    try {
      await remove.mutateAsync();
    } catch {
      toast.error('Error', { description: 'Failed to delete account. Please contact support.' });
      return;
    }
    // The user no longer exists: sign out locally (a global sign-out cannot work), then /auth.
    await forgetDeletedAccount();
    queryClient.clear();
    setOpen(false);
    navigate('/auth', { replace: true });
    toast.success('Account Deleted', { description: 'Your account has been permanently deleted' });
  };

  return (
    <section className="card danger-card" aria-labelledby="danger-heading">
      <h2 id="danger-heading" className="card-title">
        Danger Zone
      </h2>
      <p className="muted card-description">Permanently delete your account and all associated data</p>
      <AlertDialog.Root
        open={open}
        onOpenChange={(next) => {
          if (!busy) setOpen(next);
        }}
      >
        <AlertDialog.Trigger asChild>
          <button type="button" className="btn btn-destructive" disabled={busy}>
            {busy ? 'Deleting...' : 'Delete Account'}
          </button>
        </AlertDialog.Trigger>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="dialog-overlay" />
          <AlertDialog.Content className="dialog-content dialog-alert">
            <AlertDialog.Title className="dialog-title">Delete Account</AlertDialog.Title>
            <AlertDialog.Description className="muted">
              Are you sure you want to delete your account? This action is permanent and cannot be undone. All
              your reminders and data will be permanently removed.
            </AlertDialog.Description>
            <div className="dialog-actions">
              <AlertDialog.Cancel asChild>
                <button type="button" className="btn btn-outline" disabled={busy}>
                  Cancel
                </button>
              </AlertDialog.Cancel>
              <button type="button" className="btn btn-destructive" disabled={busy} onClick={confirm}>
                {busy ? 'Deleting...' : 'Delete Account'}
              </button>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </section>
  );
}
