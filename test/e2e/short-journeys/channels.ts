/**
 * The alert channels in Chromium, at 390 px with each screen checked at 390 and 1280 px: Settings'
 * Notifications card connects Telegram through the local bot (its one-time link, Start pressed in the
 * stand-in's chat), saves an ntfy topic and a webhook on the stack's own stand-ins (the secret shown
 * once), and the reminder job on a lead day sends one message to each; the webhook's deliveries then
 * list it. axe clean.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../shared/reminder/schedule.ts';
import { expectAccessibleAtWidths, screenshots, type E2e } from '../../support/e2e.ts';
import { runJob } from '../../support/job.ts';
import { addReminder, createUser, type TestUser } from '../../support/stack.ts';

/** A renewal of its own, far ahead: the job run for its lead day sends nothing of the other journeys. */
const RENEWAL = '2034-03-10';
const TOPIC = 'renewals-e2e';
const HOOK_PATH = '/hooks/renewals-e2e';

export function channelsJourney({ stack, signedInPage, url }: E2e): void {
  describe('alert channels', () => {
    let user: TestUser;
    beforeAll(async () => {
      user = await createUser(stack, { label: 'channels' });
      await addReminder(stack, user, {
        title: 'Home insurance',
        category: 'insurance',
        provider: 'Aviva',
        renewal_date: RENEWAL,
        amount: 312,
        notes: null,
      });
    });

    it('connects Telegram, adds ntfy and a webhook, and the job sends one message to each', async () => {
      const page = await signedInPage(user, 390, '/settings');
      const card = page.getByRole('region', { name: 'Notifications', exact: true });
      const telegram = card.getByRole('region', { name: 'Telegram' });
      await telegram.getByRole('button', { name: 'Connect Telegram' }).click();
      const open = telegram.getByRole('link', { name: /Open @\w+ in Telegram/ });
      await open.waitFor();
      const link = (await open.getAttribute('href'))!;
      expect(link).toMatch(/^https:\/\/t\.me\/\w+\?start=[\w-]+$/);
      // Start pressed in the stand-in's chat, as Telegram posts it to the bot's webhook.
      const started = await fetch(`${stack.telegram.url}/_stand-in/start`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ link, first_name: 'Sam' }),
      });
      expect(started.status).toBe(200);
      // The card polls while its link waits.
      await telegram.getByText('Connected as Sam').waitFor({ timeout: 15_000 });

      const ntfy = card.getByRole('region', { name: 'ntfy' });
      await ntfy.getByLabel('Topic address').fill(`${stack.ntfy.url}/${TOPIC}`);
      await ntfy.getByRole('button', { name: 'Save' }).click();
      await ntfy.getByRole('button', { name: 'Send a test to ntfy' }).waitFor();

      const webhook = card.getByRole('region', { name: 'Webhook' });
      await webhook.getByLabel('Webhook address').fill(`${stack.webhooks.url}${HOOK_PATH}`);
      await webhook.getByRole('button', { name: 'Save' }).click();
      const secret = webhook.getByLabel('Signing secret');
      await secret.waitFor();
      expect(await secret.inputValue()).toMatch(/\S{32,}/);
      await expectAccessibleAtWidths(page, 'channels, the webhook secret shown once', { overflow: true });
      await screenshots(page, 'channels-connected');
      await webhook.getByRole('button', { name: 'Done' }).click();
      await expect.poll(() => secret.count()).toBe(0);

      const run = await runJob(stack, { date: addDays(RENEWAL, -7), trigger: 'cli' });
      expect(run.errors).toEqual([]);
      const bot = stack.telegram.messages.filter((m) => m.text.includes('Home insurance'));
      expect(bot).toHaveLength(1);
      expect(bot[0]!.text).toContain('in 7 days');
      const topic = stack.ntfy.messages.filter((m) => m.topic === TOPIC);
      expect(topic).toHaveLength(1);
      expect(`${topic[0]!.title} ${topic[0]!.message}`).toContain('Home insurance');
      const hooks = stack.webhooks.deliveries.filter((d) => d.path === HOOK_PATH);
      expect(hooks).toHaveLength(1);
      expect(hooks[0]!.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(hooks[0]!.body).toContain('Home insurance');

      // A run again for the same day sends nothing more to any of them.
      await runJob(stack, { date: addDays(RENEWAL, -7), trigger: 'cli' });
      expect(stack.telegram.messages.filter((m) => m.text.includes('Home insurance'))).toHaveLength(1);
      expect(stack.ntfy.messages.filter((m) => m.topic === TOPIC)).toHaveLength(1);
      expect(stack.webhooks.deliveries.filter((d) => d.path === HOOK_PATH)).toHaveLength(1);

      await page.goto(url('/settings'));
      await webhook.getByText('Delivered').first().waitFor();
      await expectAccessibleAtWidths(page, 'channels after the job', { overflow: true });
      await screenshots(page, 'channels-delivered');
      await page.context().close();
    });
  });
}
