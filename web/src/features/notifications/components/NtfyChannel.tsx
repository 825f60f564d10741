import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import * as z from 'zod';
import type { NtfyChannel as Ntfy } from '#shared/channels/kinds.ts';
import { ntfySettingsSchema, type NtfySettings } from '#shared/channels/inputs.ts';
import { Field } from '../../../components/form/Field.tsx';
import { Form, FormError, SubmitButton } from '../../../components/form/Form.tsx';
import { reportSubmitError } from '../../../components/form/submit-error.ts';
import { errorMessage } from '../../../utils/errorMessage.ts';
import { useSaveNtfy } from '../api/channels.ts';
import { channelState } from '../channels.ts';
import { ChannelSection, ChannelTest, FormChannelIntro, RemoveChannel, sayOnForm } from './ChannelParts.tsx';

interface NtfyInput {
  topic_url: string;
  token: string;
}

/**
 * The form's fields as the route takes them: an empty token field keeps the token saved (the
 * route's `token` absent), then the contract's own schema checks the rest.
 */
const ntfyFormSchema = z
  .object({ topic_url: z.string(), token: z.string() })
  .transform(({ topic_url, token }): z.input<typeof ntfySettingsSchema> =>
    token === '' ? { topic_url } : { topic_url, token },
  )
  .pipe(ntfySettingsSchema);

const TOPIC_HINT = 'For example https://ntfy.sh/your-secret-topic';

/**
 * ntfy: the topic's address and an optional access token, 'Save', then 'Send a test' and 'Remove'.
 * The token is never shown back: the card says 'Token saved' instead, with 'Remove token'.
 */
export function NtfyChannel({ channel }: { channel: Ntfy | null }) {
  const save = useSaveNtfy();
  const form = useForm<NtfyInput, unknown, NtfySettings>({
    resolver: zodResolver(ntfyFormSchema),
    defaultValues: { topic_url: channel?.topic_url ?? '', token: '' },
  });
  const { reset } = form;
  const saved = channel?.topic_url ?? '';
  // The form follows the address saved (after a save, a removal, or a change elsewhere).
  useEffect(() => reset({ topic_url: saved, token: '' }), [saved, reset]);

  const onSubmit = async (values: NtfySettings) => {
    try {
      const answer = await save.mutateAsync(values);
      reset({ topic_url: answer.channel.topic_url, token: '' });
      toast.success('ntfy saved', { description: 'Your renewal reminders will go to this topic.' });
    } catch (error) {
      reportSubmitError(form, error, 'Error', { inline: sayOnForm(error) });
    }
  };

  const removeToken = async (topicUrl: string) => {
    try {
      await save.mutateAsync({ topic_url: topicUrl, token: null });
      toast.success('Token removed');
    } catch (error) {
      toast.error('Error', { description: errorMessage(error) });
    }
  };

  return (
    <ChannelSection name="ntfy" state={channelState(channel)}>
      <FormChannelIntro channel={channel}>
        Get each day’s reminders as a notification from ntfy, on ntfy.sh or your own server.
      </FormChannelIntro>
      <Form form={form} onSubmit={onSubmit} className="form channel-form">
        <Field
          name="topic_url"
          label="Topic address"
          hint={TOPIC_HINT}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
        />
        <Field
          name="token"
          label="Access token (optional)"
          hint={
            channel?.has_token
              ? 'Token saved. Leave this empty to keep it, or type a new one.'
              : 'Only for a topic that needs one.'
          }
          type="password"
          autoComplete="new-password"
          spellCheck={false}
        />
        <FormError />
        <div className="channel-actions">
          <SubmitButton pendingLabel="Saving...">Save</SubmitButton>
          {channel?.has_token && (
            <button
              type="button"
              className="btn btn-ghost"
              disabled={save.isPending}
              onClick={() => void removeToken(channel.topic_url)}
            >
              Remove token
            </button>
          )}
        </div>
      </Form>
      {channel && (
        <>
          <ChannelTest kind="ntfy" name="ntfy" />
          <div className="channel-actions">
            <RemoveChannel
              kind="ntfy"
              label="Remove"
              srLabel="Remove ntfy"
              title="Remove ntfy?"
              description="Your renewal reminders stop going to this ntfy topic, and its access token is deleted."
              done="ntfy removed"
            />
          </div>
        </>
      )}
    </ChannelSection>
  );
}
