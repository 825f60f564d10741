import { useFormContext } from 'react-hook-form';
import { SHARED_MAIL_CHOICES, SHARED_MAIL_LABEL, SHARED_MAIL_LABELS } from '#shared/reminder/sharing.ts';

/** 'Remind me about shared renewals': three radios of the profile form, for people in a household. */
export function SharedMailChoice() {
  const { register } = useFormContext<{ shared_reminder_mails?: string }>();
  return (
    <fieldset className="radio-group">
      <legend>{SHARED_MAIL_LABEL}</legend>
      {SHARED_MAIL_CHOICES.map((choice) => (
        <label key={choice} className="checkbox">
          <input type="radio" value={choice} {...register('shared_reminder_mails')} />
          <span>{SHARED_MAIL_LABELS[choice]}</span>
        </label>
      ))}
    </fieldset>
  );
}
