import { useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { invitationInputSchema, type InvitationInput } from '#shared/household.ts';
import { INVITATION_DAYS } from '#shared/messages.ts';
import { Field } from '../../../components/form/Field.tsx';
import { Form, FormError, SubmitButton } from '../../../components/form/Form.tsx';
import { reportSubmitError } from '../../../components/form/submit-error.ts';
import { useInvite } from '../api/household.ts';
import { CancelButton } from '../../../components/CancelButton.tsx';
import '../../../components/Dialog.css';

const EMPTY = { email: '', name: '' };

/** 'Invite someone' → 'Invite to your household': their address and, optionally, their name. */
export function InviteDialog({ disabled, onSent }: { disabled: boolean; onSent?: () => void }) {
  const [open, setOpen] = useState(false);
  const invite = useInvite();
  const form = useForm<InvitationInput, unknown, { email: string; name?: string | undefined }>({
    resolver: zodResolver(invitationInputSchema),
    defaultValues: EMPTY,
  });

  const onSubmit = async (values: { email: string; name?: string | undefined }) => {
    try {
      await invite.mutateAsync(values);
      toast.success('Invitation sent', {
        description: `We've e-mailed ${values.email}. The link works for ${INVITATION_DAYS} days.`,
      });
      form.reset(EMPTY);
      setOpen(false);
      onSent?.();
    } catch (error) {
      reportSubmitError(form, error, 'Invitation not sent', { inline: true });
    }
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) form.reset(EMPTY);
        setOpen(next);
      }}
    >
      <Dialog.Trigger asChild>
        <button type="button" className="btn btn-primary" disabled={disabled}>
          Invite someone
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog-content">
          <Dialog.Title className="dialog-title">Invite to your household</Dialog.Title>
          <Dialog.Description className="muted">
            We e-mail them a link to join. It works for {INVITATION_DAYS} days.
          </Dialog.Description>
          <Form form={form} onSubmit={onSubmit}>
            <Field name="email" label="Email" type="email" autoComplete="off" />
            <Field
              name="name"
              label="Their name (optional)"
              autoComplete="off"
              hint="Only your household sees it, beside the invitation."
            />
            <FormError />
            <div className="dialog-actions">
              <CancelButton />
              <SubmitButton pendingLabel="Sending…">Send invitation</SubmitButton>
            </div>
          </Form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
