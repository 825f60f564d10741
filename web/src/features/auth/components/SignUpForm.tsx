import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { DEFAULT_COUNTRY } from '#shared/locales.ts';
import { signUpSchema } from '#shared/schemas.ts';
import { CountrySelect } from '../../../components/form/CountrySelect.tsx';
import { Field } from '../../../components/form/Field.tsx';
import { Form, FormError, SubmitButton } from '../../../components/form/Form.tsx';
import { MARKETING_CONSENT, NameFields } from '../../../components/form/NameFields.tsx';
import { reportSubmitError } from '../../../components/form/submit-error.ts';
import { CredentialFields } from './CredentialFields.tsx';
import { signUpAccount, type SignUpValues } from '../session.ts';

const SIGN_UP_DEFAULTS = {
  email: '',
  password: '',
  first_name: '',
  last_name: '',
  country: DEFAULT_COUNTRY,
  marketing_consent: false,
};

export function SignUpForm({ onCreated }: { onCreated: () => void }) {
  const form = useForm({ resolver: zodResolver(signUpSchema), defaultValues: SIGN_UP_DEFAULTS });

  const onSubmit = async (values: SignUpValues) => {
    try {
      await signUpAccount(values);
      form.reset(SIGN_UP_DEFAULTS);
      onCreated();
      toast.success('Account created successfully!', {
        description: 'Please check your email to confirm your account.',
      });
    } catch (error) {
      reportSubmitError(form, error, 'Signup Error', { inline: true });
    }
  };

  return (
    <Form form={form} onSubmit={onSubmit}>
      <CredentialFields password="new-password" />
      <NameFields required />
      <CountrySelect label="Country *" />
      <Field name="marketing_consent" label={MARKETING_CONSENT} type="checkbox" />
      <SubmitButton className="btn btn-primary btn-block" pendingLabel="Creating account...">
        Create Account
      </SubmitButton>
      <FormError />
    </Form>
  );
}
