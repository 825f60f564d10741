/**
 * `npm run telegram:webhook -- --secret NAME --site https://renewals.example.com`: points the stage's
 * Telegram bot at the site's webhook route (setWebhook, with the secret header value derived from
 * the bot's token, lambdas/features/channels/telegram.ts), after checking that the token answers getMe. The
 * token is read from the Secrets Manager secret NAME (AWS credentials and region in the
 * environment), the one the stage's context `telegramBotSecret` names. Run it once when the bot is
 * set up, and again whenever its token changes (a new token is a new secret header).
 */
import { parseArgs } from 'node:util';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { setTelegramWebhook, telegramBotName } from '../lambdas/features/channels/telegram.ts';

const { values } = parseArgs({ options: { secret: { type: 'string' }, site: { type: 'string' } } });
if (!values.secret || !values.site || !/^https:\/\/[a-z0-9.-]+$/.test(values.site)) {
  console.error('Usage: npm run telegram:webhook -- --secret <secret name> --site https://<the site>');
  process.exit(2);
}
process.env.TABLE_NAME ??= 'unused';
const { SecretString } = await new SecretsManagerClient({}).send(
  new GetSecretValueCommand({ SecretId: values.secret }),
);
const token = SecretString?.trim();
if (!token) {
  console.error(`The secret ${values.secret} holds no token`);
  process.exit(1);
}
const bot = await telegramBotName(token);
if (!bot) {
  console.error('Telegram does not know that token (getMe failed): check the secret');
  process.exit(1);
}
const url = `${values.site}/api/telegram/webhook`;
const answer = await setTelegramWebhook(token, url);
if (!answer.ok) {
  console.error(`setWebhook failed: ${answer.description}`);
  process.exit(1);
}
console.log(`@${bot} now posts its updates to ${url} (${answer.description}). Set -c telegramBot=${bot}.`);
