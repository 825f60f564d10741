import * as z from 'zod';
import { DEFAULT_FEATURE_FLAGS, EMAIL_PROVIDERS } from '../../shared/flags.ts';

/**
 * The Lambda environment, validated once per cold start. The *_ENDPOINT variables are set only by
 * the local stack, to point the SDK clients at the stand-ins.
 */
const envSchema = z.object({
  TABLE_NAME: z.string().min(1),
  STAGE: z.string().default('dev'),
  SITE_URL: z.string().url().default('http://localhost:3000'),
  USER_POOL_ID: z.string().optional(),
  USER_POOL_CLIENT_ID: z.string().optional(),
  EMAIL_PROVIDER: z.enum(EMAIL_PROVIDERS).default('disabled'),
  EMAIL_FROM: z.string().default('Renewal Reminders <reminders@example.com>'),
  SES_CONFIGURATION_SET: z.string().optional(),
  /** HMAC key for unsubscribe links: on AWS a generated Secrets Manager secret, read at cold start. */
  UNSUBSCRIBE_SECRET_ARN: z.string().optional(),
  /**
   * The key (or JSON keyring) itself: the local stack's, made at its first start and kept in
   * .local/, or a test's. Unset and without an ARN, a stage refuses to sign or verify
   * (lambdas/runtime/signingKey.ts).
   */
  UNSUBSCRIBE_SECRET: z.string().min(16).optional(),
  /** The seed of the stage's VAPID keys (lambdas/features/push/vapid.ts): a generated secret on AWS. */
  PUSH_SEED_SECRET_ARN: z.string().optional(),
  /** The seed itself: the local stack's, made at its first start and kept in .local/. */
  PUSH_SEED: z.string().min(32).optional(),
  /**
   * The local stack's fake push service (its tests'), the one plain-http push endpoint the local
   * stage takes; unset everywhere else, and then no http endpoint is taken.
   */
  LOCAL_PUSH_ORIGIN: z.string().url().optional(),
  /**
   * The domain of the renewal inbox's addresses (`inbox.{domain}` on AWS, `inbox.localhost` on the
   * local stack); unset where the stage receives no mail, and then the inbox has no address.
   */
  INBOX_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+$/)
    .optional(),
  /** The HTTP API's own URL, shown on the admin self-check. */
  API_URL: z.string().optional(),
  /** The reminder job's function: the admin 'Real Function' run invokes it (unset locally: in-process). */
  JOB_FUNCTION_NAME: z.string().optional(),
  /** The EventBridge Scheduler schedule that fires the job (or 'local-timer' on the local stack). */
  SCHEDULE_NAME: z.string().optional(),
  /**
   * The DVLA's Vehicle Enquiry Service and its key (the local stack's stand-in, lib/local/dvla.ts).
   * Without the address, the MOT and tax look-up is off and the dialog hides its button; a stage
   * passes it only with a key.
   */
  DVLA_API_URL: z.string().url().optional(),
  DVLA_API_KEY: z.string().min(1).optional(),
  /** On AWS, the Secrets Manager secret holding the key instead (read on the look-up's first request). */
  DVLA_API_KEY_SECRET_ID: z.string().min(1).optional(),
  /**
   * Telegram alerts (lambdas/features/channels/telegram.ts): the bot's username (for its t.me link), and its
   * token, on AWS in the Secrets Manager secret named by context `telegramBotSecret`, locally the
   * stand-in's. Without both, Telegram is off: 'Connect Telegram' answers 404 in words.
   */
  TELEGRAM_BOT_USERNAME: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9_]{3,31}$/)
    .optional(),
  TELEGRAM_BOT_TOKEN: z.string().min(1).optional(),
  TELEGRAM_BOT_TOKEN_SECRET_ID: z.string().min(1).optional(),
  /** The Bot API's origin: Telegram's, or the local stand-in's (lib/local/telegram.ts). */
  TELEGRAM_API_URL: z.string().url().default('https://api.telegram.org'),
  /**
   * The local stack's channel stand-ins (its ntfy server and webhook receiver), comma-separated exact
   * origins: the only plain-http addresses a channel may have, on the local stage only; unset
   * everywhere else (lambdas/features/channels/safeFetch.ts).
   */
  LOCAL_CHANNEL_ORIGINS: z
    .string()
    .optional()
    .transform((value) => (value ? value.split(',').filter(Boolean) : [])),
  FEATURE_FLAGS: z.string().default(JSON.stringify(DEFAULT_FEATURE_FLAGS)),
  AWS_REGION: z.string().default('eu-west-2'),
  /**
   * The table's region where it is not the function's own: the inbox's mail function runs in the
   * region whose SES receives the mail (lib/inbox.ts), which may not be the stage's. It is the
   * stage's region, so the mails that function sends go through the stage's SES there too.
   */
  TABLE_REGION: z.string().optional(),
  DYNAMODB_ENDPOINT: z.string().optional(),
  SES_ENDPOINT: z.string().optional(),
  /**
   * Longest wait for one SES call. Far inside the 2-minute claim lease, so a hung call ends (and its
   * mail is marked failed or retried) before another run could take the claim over.
   */
  SES_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  COGNITO_ENDPOINT: z.string().optional(),
  /** The queue between the job's planner and its senders (one message per recipient of a run). */
  SEND_QUEUE_URL: z.string().optional(),
  SQS_ENDPOINT: z.string().optional(),
  /**
   * How many senders run at once (the event source's maximum concurrency on AWS, the poller's lanes
   * locally): each paces itself at this share of the account's SES rate, so together they stay under it.
   */
  SENDER_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(1),
});

export type Env = z.infer<typeof envSchema>;

let cached: Env | undefined;

/**
 * The function's environment, checked once. A bad one is the deployment's fault, never the caller's:
 * a plain Error (a 500 through route()), not the ZodError that route() would answer as a 400.
 */
export function env(): Env {
  if (cached) return cached;
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) throw new Error(`Invalid environment: ${z.prettifyError(parsed.error)}`);
  cached = parsed.data;
  return cached;
}

/** Tests and the local stack change the environment between runs. */
export function resetEnvCache(): void {
  cached = undefined;
}
