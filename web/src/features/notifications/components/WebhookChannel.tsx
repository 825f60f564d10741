import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import type { z } from 'zod';
import type { WebhookChannel as Webhook } from '#shared/channels/kinds.ts';
import { webhookSettingsSchema, type WebhookSettings } from '#shared/channels/inputs.ts';
import { WEBHOOK_PREVIOUS_SECRET_HOURS } from '#shared/channels/webhook.ts';
import { Field } from '../../../components/form/Field.tsx';
import { Form, FormError, SubmitButton } from '../../../components/form/Form.tsx';
import { reportSubmitError } from '../../../components/form/submit-error.ts';
import { useRotateWebhookSecret, useSaveWebhook } from '../api/channels.ts';
import { channelState, previousSecretNotice } from '../channels.ts';
import {
  ChannelSection,
  ChannelTest,
  ConfirmedAction,
  FormChannelIntro,
  RemoveChannel,
  sayOnForm,
} from './ChannelParts.tsx';
import { WebhookDeliveries } from './WebhookDeliveries.tsx';
import { WebhookSecret, WebhookSigningHelp } from './WebhookSecret.tsx';

type WebhookInput = z.input<typeof webhookSettingsSchema>;

/** The secret's first characters as the API gives them, with one ellipsis after. */
const hinted = (hint: string) => `${hint.replace(/…$/, '')}…`;

/** 'Rotate secret', asked first: the old secret signs beside the new one for a day, then stops. */
function RotateSecret({ onRotated }: { onRotated: (secret: string) => void }) {
  const rotate = useRotateWebhookSecret();
  return (
    <ConfirmedAction
      label="Rotate secret"
      title="Rotate the signing secret?"
      description={`Requests are signed with a new secret from now on. The current one keeps signing beside it for ${WEBHOOK_PREVIOUS_SECRET_HOURS} hours, then stops: put the new one in your receiver before then.`}
      done="Secret rotated"
      doneDescription="Copy the new secret now."
      run={async () => onRotated((await rotate.mutateAsync()).secret)}
      pending={rotate.isPending}
      tone="primary"
      buttonClassName="btn btn-outline"
    />
  );
}

/**
 * Webhook: the receiver's https address and 'Save'; a new webhook's signing secret (and a rotated
 * one) is shown once. Then 'Send a test', the recent deliveries and 'Remove'.
 */
export function WebhookChannel({ channel }: { channel: Webhook | null }) {
  const save = useSaveWebhook();
  // The secret just issued: never kept anywhere else, so gone with this card.
  const [secret, setSecret] = useState<string | null>(null);
  const form = useForm<WebhookInput, unknown, WebhookSettings>({
    resolver: zodResolver(webhookSettingsSchema),
    defaultValues: { url: channel?.url ?? '' },
  });
  const { reset } = form;
  const saved = channel?.url ?? '';
  // The form follows the address saved (after a save, a removal, or a change elsewhere).
  useEffect(() => reset({ url: saved }), [saved, reset]);
  // Removed: a secret on screen would sign nothing.
  useEffect(() => {
    if (!channel) setSecret(null);
  }, [channel]);

  const onSubmit = async (values: WebhookSettings) => {
    try {
      const answer = await save.mutateAsync(values);
      reset({ url: answer.channel.url });
      if (answer.secret) setSecret(answer.secret);
      toast.success('Webhook saved', {
        description: answer.secret
          ? 'Copy the signing secret now.'
          : 'Your renewal reminders will be posted to this address.',
      });
    } catch (error) {
      reportSubmitError(form, error, 'Error', { inline: sayOnForm(error) });
    }
  };

  return (
    <ChannelSection name="Webhook" state={channelState(channel)}>
      <FormChannelIntro channel={channel}>
        Each day something is due, we post the day’s renewals, signed, to your address.
      </FormChannelIntro>
      <Form form={form} onSubmit={onSubmit} className="form channel-form">
        <Field
          name="url"
          label="Webhook address"
          hint="An https address of yours, for example https://example.com/hooks/renewals"
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
        />
        <FormError />
        <div>
          <SubmitButton pendingLabel="Saving...">Save</SubmitButton>
        </div>
      </Form>
      {secret && <WebhookSecret secret={secret} onDone={() => setSecret(null)} />}
      {channel && (
        <>
          {!secret && (
            <p className="channel-secret-hint">
              Signing secret: <code>{hinted(channel.secret_hint)}</code>
            </p>
          )}
          {channel.previous_secret_until && (
            <p className="channel-notice">{previousSecretNotice(channel.previous_secret_until)}</p>
          )}
          <WebhookSigningHelp />
          <ChannelTest kind="webhook" name="your webhook" />
          <WebhookDeliveries deliveries={channel.deliveries} />
          <div className="channel-actions">
            <RotateSecret onRotated={setSecret} />
            <RemoveChannel
              kind="webhook"
              label="Remove"
              srLabel="Remove webhook"
              title="Remove the webhook?"
              description="Nothing more is posted to this address, and its signing secret stops working. Setting it up again gives a new secret."
              done="Webhook removed"
            />
          </div>
        </>
      )}
    </ChannelSection>
  );
}
