import type { HouseholdMember } from '#shared/household.ts';
import { DEALS_WITH_LABEL, SHARED_LABEL, memberName, takeBackHint } from '#shared/reminder/sharing.ts';
import { SPLIT_BY_AMOUNTS, SPLIT_EQUALLY, WHO_PAYS_LABEL } from '#shared/reminder/split.ts';
import type { ReminderFormValues } from '#shared/schemas/reminder.ts';
import { useFormContext, useWatch } from 'react-hook-form';
import { Checkbox, Field, MONEY_INPUT, type Option } from '../../../components/form/Field.tsx';
import './SharedFields.css';

/** 'Who deals with it?' when nobody in particular does (the form's ''). */
export const ANYONE = 'Anyone';
export const SHARED_HINT = 'Everyone in your household sees it and gets its reminders.';

/** The select's choices: nobody in particular, then each member by first name ('You' for the caller). */
export const dealsWithOptions = (members: readonly HouseholdMember[]): Option[] => [
  { value: '', label: ANYONE },
  ...members.map((m) => ({ value: m.membership_id, label: memberName(m.membership_id, members) ?? '' })),
];

/** 'Who pays?': equal parts, one member (by first name, 'You' for the caller), or amounts per member. */
export const whoPaysOptions = (members: readonly HouseholdMember[]): Option[] => [
  { value: SPLIT_EQUALLY, label: 'Split equally' },
  ...members.map((m) => ({ value: m.membership_id, label: memberName(m.membership_id, members) ?? '' })),
  { value: SPLIT_BY_AMOUNTS, label: 'Split by amounts' },
];

/** A member's share field's label: 'Your share (£)', "Alice's share (£)". */
const shareLabel = (member: HouseholdMember, members: readonly HouseholdMember[]) =>
  member.is_you ? 'Your share (£)' : `${memberName(member.membership_id, members) ?? ''}'s share (£)`;

/**
 * The reminder dialog's 'Shared with household' box and, while it is ticked, 'Who deals with it?' and
 * 'Who pays?' (with 'Split by amounts', a share per member, which must add up to the amount).
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
  const byAmounts = useWatch({ control, name: 'who_pays' }) === SPLIT_BY_AMOUNTS;
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
          <Field name="who_pays" label={WHO_PAYS_LABEL} as="select" options={whoPaysOptions(members)} />
          {byAmounts && (
            <fieldset className="pay-shares">
              <legend className="visually-hidden">Each member&apos;s share of a payment</legend>
              {members.map((m) => (
                <Field
                  key={m.membership_id}
                  name={`pay_shares.${m.membership_id}`}
                  label={shareLabel(m, members)}
                  {...MONEY_INPUT}
                />
              ))}
            </fieldset>
          )}
        </div>
      </div>
    </div>
  );
}
