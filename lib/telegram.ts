import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import type { StageConfig } from './config.ts';

/**
 * Lets `fn` read the stage's Telegram bot token (context `telegramBotSecret`, a secret made by hand
 * since BotFather issues the token) and tells it the secret's name and the bot's username (context
 * `telegramBot`); a stage without them gives nothing, and Telegram stays off. Only the channels'
 * routes (connect, test), the bot's webhook and the senders (the day's message) ask.
 */
export function giveTelegramToken(
  scope: Construct,
  id: string,
  fn: LambdaFunction,
  config: StageConfig,
): void {
  if (!config.telegram) return;
  const token = Secret.fromSecretNameV2(scope, id, config.telegram.tokenSecretName);
  token.grantRead(fn);
  fn.addEnvironment('TELEGRAM_BOT_TOKEN_SECRET_ID', token.secretName);
  fn.addEnvironment('TELEGRAM_BOT_USERNAME', config.telegram.username);
}
