import type { HouseholdMember } from '#shared/household.ts';
import { DEALS_WITH_LABEL, SHARED_LABEL, memberName, takeBackHint } from '#shared/reminder/sharing.ts';
import type { ReminderFormValues } from '#shared/schemas.ts';
import { useFormContext, useWatch } from 'react-hook-form';
import { Checkbox, Field, type Option } from '../../../components/form/Field.tsx';
import './SharedFields.css';

/** 'Who deals with it?' when nobody in particular does (the form's ''). */
export const ANYONE = 'Anyone';
export const SHARED_HINT = 'Everyone in your household sees it and gets its reminders.';

/** The select's choices: nobody in particular, then each member by first name ('You' for the caller). */
export const dealsWithOptions = (members: readonly HouseholdMember[]): Option[] => [
  { value: '', label: ANYONE },
  ...members.map((m) => ({ value: m.membership_id, label: memberName(m.membership_id, members) ?? '' })),
];

/**
 * The reminder dialog's 'Shared with household' box and, while it is ticked, 'Who deals with it?'.
 * The select unfolds rather than pops in (nothing below jumps), and is inert while folded.
 * `onTouched`: the user changed the box, so it no longer follows the category. `sharedBy`: the
 * reminder is shared and the caller did not share it, so only its sharer (this name, or null when
 * they are gone) can take it back: no box, but who can and what the caller can do instead.
 */
export function SharedFields({
  members,
  onTouched,
  sharedBy,
}: {
  members: readonly HouseholdMember[];
  onTouched: () => void;
  sharedBy?: string | null;
}) {
  const { register, control } = useFormContext<ReminderFormValues>();
  const shared = useWatch({ control, name: 'shared' }) === true;
  return (
    <div className="shared-fields">
      {sharedBy !== undefined ? (
        <div className="checkbox-field">
          <p>{SHARED_LABEL}</p>
          <p className="field-hint">{takeBackHint(sharedBy)}</p>
        </div>
      ) : (
        <Checkbox
          label={SHARED_LABEL}
          hint={SHARED_HINT}
          input={{ type: 'checkbox', ...register('shared', { onChange: onTouched }) }}
        />
      )}
      <div className="shared-reveal" data-open={shared} inert={!shared}>
        <div className="shared-reveal-inner">
          <Field name="deals_with" label={DEALS_WITH_LABEL} as="select" options={dealsWithOptions(members)} />
        </div>
      </div>
    </div>
  );
}
