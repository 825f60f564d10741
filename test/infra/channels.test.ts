/**
 * The alert channels on AWS: Telegram is off unless the stage names the secret holding its bot's
 * token and the bot's username (contexts `telegramBotSecret` and `telegramBot`); then only the
 * channels' function, the bot's webhook and the senders read that secret. The bot's public webhook
 * writes only where it binds or ends a chat, and never deletes. A channel's message failed for good
 * (`channel_failed`) raises the lost-mail alarm.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { readStageConfig } from '../../lib/config.ts';
import { functionDescription, routesSharingFunction } from '../../lib/routeRights.ts';
import { API, type RouteDef } from '../../shared/routes.ts';
import {
  actionsOfFunction,
  cleanUp,
  logicalIdWhere,
  newApp,
  resourcesOfType,
  synth,
  type Synthesized,
} from './harness.ts';

afterAll(cleanUp);

const SECRET = 'renewal-reminders/dev/telegram-bot-token';
const BOT = 'RenewalRemindersBot';
const functionOf = (s: Synthesized, route: RouteDef) =>
  logicalIdWhere(
    s.template,
    'AWS::Lambda::Function',
    (p) => p.Description === functionDescription(routesSharingFunction(route)),
  );
const environmentOf = (s: Synthesized, id: string) =>
  (
    (resourcesOfType(s.template, 'AWS::Lambda::Function')[id]!.Properties!.Environment ?? {}) as {
      Variables?: Record<string, unknown>;
    }
  ).Variables ?? {};
const functions = (s: Synthesized) => Object.keys(resourcesOfType(s.template, 'AWS::Lambda::Function'));

describe('Telegram on AWS', () => {
  it('is off without a bot: no function has a token, its secret or a bot name', () => {
    const s = synth();
    for (const fn of functions(s)) {
      expect(environmentOf(s, fn)).not.toHaveProperty('TELEGRAM_BOT_TOKEN_SECRET_ID');
      expect(environmentOf(s, fn)).not.toHaveProperty('TELEGRAM_BOT_TOKEN');
      expect(environmentOf(s, fn)).not.toHaveProperty('TELEGRAM_BOT_USERNAME');
    }
  });

  it('with a bot, the channels’ function, the bot’s webhook and the senders alone read its token', () => {
    const s = synth({ telegramBotSecret: SECRET, telegramBot: BOT });
    const channels = functionOf(s, API.getChannels);
    const webhook = functionOf(s, API.telegramWebhook);
    const sender = logicalIdWhere(s.template, 'AWS::Lambda::Function', (p) =>
      String(p.Description).startsWith('Reminder sender'),
    );
    const holders = functions(s).filter((fn) => 'TELEGRAM_BOT_TOKEN_SECRET_ID' in environmentOf(s, fn));
    expect(holders.sort()).toEqual([channels, webhook, sender].sort());
    for (const fn of holders) {
      expect(environmentOf(s, fn)).toMatchObject({
        TELEGRAM_BOT_TOKEN_SECRET_ID: SECRET,
        TELEGRAM_BOT_USERNAME: BOT,
      });
      expect(actionsOfFunction(s.template, fn).has('secretsmanager:GetSecretValue')).toBe(true);
    }
    expect(JSON.stringify(s.template.toJSON())).toContain(`:secret:${SECRET}-??????`);
  });

  it('the bot’s webhook writes only users’, links’ and chats’ items, and never deletes', () => {
    const s = synth({ telegramBotSecret: SECRET, telegramBot: BOT });
    const granted = [...actionsOfFunction(s.template, functionOf(s, API.telegramWebhook))];
    expect(granted).not.toContain('dynamodb:DeleteItem');
    expect(granted).not.toContain('dynamodb:BatchWriteItem');
    const policies = JSON.stringify(resourcesOfType(s.template, 'AWS::IAM::Policy'));
    expect(policies).toContain(JSON.stringify(['USER#*', 'TELEGRAM_LINK#*', 'TELEGRAM_CHAT#*']));
  });

  it('refuses half a bot, an ARN for a name, or a username Telegram would not give', () => {
    const config = (context: Record<string, string>) => () => readStageConfig(newApp({ context }).node);
    expect(config({ telegramBotSecret: SECRET })).toThrow(/needs -c telegramBot=/);
    expect(config({ telegramBot: BOT })).toThrow(/needs -c telegramBotSecret=/);
    expect(
      config({ telegramBotSecret: 'arn:aws:secretsmanager:eu-west-2:1:secret:x', telegramBot: BOT }),
    ).toThrow(/secret name/);
    expect(config({ telegramBotSecret: SECRET, telegramBot: '@bot' })).toThrow(/bot username/);
    expect(
      readStageConfig(newApp({ context: { telegramBotSecret: SECRET, telegramBot: BOT } }).node).telegram,
    ).toEqual({
      tokenSecretName: SECRET,
      username: BOT,
    });
  });
});

describe('the lost-mail alarm', () => {
  it('counts a channel’s message failed for good', () => {
    const s = synth({ stage: 'prod', domain: 'example.com' });
    const alarm = Object.values(resourcesOfType(s.template, 'AWS::CloudWatch::Alarm')).find((a) =>
      /missed or failed for good/.test(String(a.Properties?.AlarmDescription)),
    )!;
    const metrics = alarm.Properties!.Metrics as {
      Id: string;
      Expression?: string;
      MetricStat?: { Metric: { MetricName: string } };
    }[];
    expect(metrics.find((m) => m.Expression)?.Expression).toContain('FILL(channel_failed, 0)');
    expect(metrics.find((m) => m.Id === 'channel_failed')?.MetricStat?.Metric.MetricName).toBe(
      'channel_failed',
    );
  });
});
