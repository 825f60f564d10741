import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import type { z } from 'zod';
import type { Profile } from '#shared/api.ts';
import { DEFAULT_COUNTRY, DEFAULT_TIMEZONE, TIMEZONES } from '#shared/locales.ts';
import { profileUpdateSchema } from '#shared/schemas/account.ts';
import { CountrySelect } from '../../../components/form/CountrySelect.tsx';
import { Field, withCurrent } from '../../../components/form/Field.tsx';
import { Form, FormError, SubmitButton } from '../../../components/form/Form.tsx';
import { MARKETING_CONSENT, NameFields } from '../../../components/form/NameFields.tsx';
import { reportSubmitError } from '../../../components/form/submit-error.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { SharedMailChoice } from './SharedMailChoice.tsx';
import { SettingsCard } from '../../../components/SettingsCard.tsx';

type ProfileInput = z.input<typeof profileUpdateSchema>;
type ProfileOutput = z.output<typeof profileUpdateSchema>;

const TIMEZONE_OPTIONS = TIMEZONES.map((t) => ({
  value: t as string,
  label: (t as string).replace('_', ' '),
}));

function toForm(profile: Profile | undefined): ProfileInput {
  return {
    first_name: profile?.first_name ?? '',
    last_name: profile?.last_name ?? '',
    country: profile?.country ?? DEFAULT_COUNTRY,
    timezone: profile?.timezone ?? DEFAULT_TIMEZONE,
    marketing_consent: profile?.marketing_consent ?? false,
    reminder_emails: profile?.reminder_emails ?? true,
    email_per_renewal: profile?.email_per_renewal ?? false,
    shared_reminder_mails: profile?.shared_reminder_mails ?? 'all',
  };
}

/**
 * 'Profile Settings': name, country, time zone and the e-mail choices ('Remind me about shared
 * renewals' only `inHousehold`: outside one it is kept as it is). `refreshing`: the profile
 * shown is this browser's kept copy, being read again; it cannot be saved until the fresh one is in
 * (the form then takes it, except the fields the user has changed), or a save would write back what
 * changed elsewhere meanwhile, such as an unsubscribe from a mail.
 */
export function ProfileForm({
  profile,
  refreshing = false,
  inHousehold = false,
}: {
  profile: Profile;
  refreshing?: boolean;
  inHousehold?: boolean;
}) {
  const update = useUpdateProfile();
  const form = useForm<ProfileInput, unknown, ProfileOutput>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: toForm(profile),
  });
  const { reset } = form;

  useEffect(() => {
    // What the user has changed stays: a fresh profile arriving while they type (the kept copy read
    // again) takes only the fields they have not touched.
    reset(toForm(profile), { keepDirtyValues: true });
  }, [profile, reset]);

  const onSubmit = async (values: ProfileOutput) => {
    if (refreshing) return;
    try {
      await update.mutateAsync(values);
      toast.success('Success', { description: 'Settings updated successfully' });
    } catch (error) {
      reportSubmitError(form, error, 'Error', { description: 'Failed to update settings' });
    }
  };

  return (
    <SettingsCard headingId="profile-heading" title="Profile Settings">
      <p className="muted card-description">Update your personal information and preferences</p>
      <Form form={form} onSubmit={onSubmit}>
        <NameFields />
        <CountrySelect label="Country" current={profile.country} />
        <Field
          name="timezone"
          label="Timezone"
          as="select"
          options={withCurrent(TIMEZONE_OPTIONS, profile.timezone)}
        />
        <Field name="marketing_consent" label={MARKETING_CONSENT} type="checkbox" />
        <Field name="reminder_emails" label="Send me renewal reminder e-mails" type="checkbox" />
        <Field name="email_per_renewal" label="Send one e-mail per renewal" type="checkbox" />
        {inHousehold && <SharedMailChoice />}
        <FormError />
        <div>
          <SubmitButton pendingLabel="Saving..." disabled={refreshing}>
            Save Changes
          </SubmitButton>
        </div>
      </Form>
    </SettingsCard>
  );
}
