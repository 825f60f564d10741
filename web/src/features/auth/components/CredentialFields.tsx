import { Field } from '../../../components/form/Field.tsx';

/** E-mail and password; `password` tells the browser which password it is (autocomplete). */
export function CredentialFields({ password }: { password: 'current-password' | 'new-password' }) {
  return (
    <>
      <Field name="email" label="Email" type="email" autoComplete="email" />
      <Field name="password" label="Password" type="password" autoComplete={password} />
    </>
  );
}
