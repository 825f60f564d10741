import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { ACCOUNT_MESSAGES } from '#shared/messages.ts';
import { changePasswordSchema, type ChangePasswordInput } from '#shared/schemas/account.ts';
import { Field } from '../../../components/form/Field.tsx';
import { Form, FormError, SubmitButton } from '../../../components/form/Form.tsx';
import { changePassword, changePasswordError } from '../../auth/index.ts';
import { SettingsCard } from '../../../components/SettingsCard.tsx';

const EMPTY = { current_password: '', new_password: '' };

/** 'Change Password': Cognito checks the current password; a wrong one is reported on its field. */
export function ChangePasswordCard() {
  const form = useForm({ resolver: zodResolver(changePasswordSchema), defaultValues: EMPTY });

  const onSubmit = async (values: ChangePasswordInput) => {
    try {
      await changePassword(values.current_password, values.new_password);
    } catch (error) {
      const mapped = changePasswordError(error);
      form.setError(mapped.field ?? 'root.server', { message: mapped.message });
      return;
    }
    form.reset(EMPTY);
    toast.success(ACCOUNT_MESSAGES.passwordUpdated, {
      description: ACCOUNT_MESSAGES.passwordChangedDescription,
    });
  };

  return (
    <SettingsCard headingId="password-heading" title="Change Password">
      <Form form={form} onSubmit={onSubmit}>
        <Field
          name="current_password"
          label="Current password"
          type="password"
          autoComplete="current-password"
        />
        <Field name="new_password" label="New password" type="password" autoComplete="new-password" />
        <FormError />
        <div>
          <SubmitButton pendingLabel="Updating...">Update Password</SubmitButton>
        </div>
      </Form>
    </SettingsCard>
  );
}
