import { Field } from './Field.tsx';

/** The consent checkbox's wording, the same at sign-up and in settings. */
export const MARKETING_CONSENT = 'I consent to receiving marketing communications';

/** First and last name side by side in the surrounding Form; `required` marks the first name so. */
export function NameFields({ required = false }: { required?: boolean }) {
  return (
    <div className="form-row">
      <Field
        name="first_name"
        label={required ? 'First Name *' : 'First Name'}
        type="text"
        autoComplete="given-name"
      />
      <Field name="last_name" label="Last Name" type="text" autoComplete="family-name" />
    </div>
  );
}
