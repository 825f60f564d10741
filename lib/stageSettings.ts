/**
 * The parts of a stage's settings that are read and checked on their own (lib/config.ts puts them
 * together in readStageConfig): the mail identity, the renewal inbox, the DVLA look-up, Telegram,
 * the functions' runtime and the web ACL; and the readers of single context values, each refusing a
 * value of the wrong kind with the key's name.
 */
import type { Node } from 'constructs';
import * as z from 'zod';

/** How a stage with a domain sends mail: who owns the SES identity, and what SES can do yet. */
export interface MailSettings {
  /**
   * 'own': this stage creates the SES domain identity (and, with a zone, its DNS records).
   * 'shared': another stage of the same account and region owns it; this one refers to it by name.
   * Context `mailIdentity`, default 'own'.
   */
  identity: 'own' | 'shared';
  /**
   * Context `sesVerified=true`: the domain identity is verified, so the user pool sends through SES.
   * Until then Cognito sends with its own e-mail (Cognito checks the identity when the pool is
   * created or updated, and fails on one that is not verified yet).
   */
  sesVerified: boolean;
  /**
   * Context `sesSandbox=true`: the account is still in the SES sandbox, where SES also authorizes each
   * recipient's own (verified) identity: the senders may then send as any identity of the account.
   */
  sesSandbox: boolean;
  /** Custom MAIL FROM domain of the identity (context `mailFromDomain`, default `bounce.{domain}`). */
  mailFromDomain?: string;
  /** Context `dmarcRecord=false`: the zone already has a `_dmarc` record, so the stack writes none. */
  dmarcRecord: boolean;
  /** Where DMARC aggregate reports go (`rua=mailto:…`); context `dmarcReportEmail`. */
  dmarcReportEmail?: string;
}

/** Where a stage's renewal inbox receives mail. */
export interface InboxSettings {
  /** The mail domain of the users' inbox addresses: `inbox.{domain}` (its own MX record). */
  domain: string;
  /** The region whose SES receives it (SES receives mail in some regions only: INBOX_REGIONS). */
  region: string;
}

/** The regions whose SES receives mail, from AWS's table of receiving endpoints (decision 0053). */
export const INBOX_REGIONS = [
  'us-east-1',
  'us-east-2',
  'us-west-2',
  'ca-central-1',
  'eu-west-1',
  'eu-west-2',
  'eu-central-1',
  'ap-southeast-1',
  'ap-southeast-2',
  'ap-southeast-3',
  'ap-northeast-1',
] as const;

/** Where the inbox receives unless the stage says otherwise: London, beside the stage (decision 0053). */
export const DEFAULT_INBOX_REGION = 'eu-west-2';

/**
 * The Node.js runtimes our functions may run on. Node.js 22 reaches its end of life on 30 April 2027;
 * 24 is the next (docs/operations.md, "Runtime"). The bundles target Node.js 22's syntax, which 24 runs.
 */
export const LAMBDA_RUNTIMES = ['nodejs22.x', 'nodejs24.x'] as const;
export type LambdaRuntime = (typeof LAMBDA_RUNTIMES)[number];
/** The runtime of every stage whose settings name none. */
export const DEFAULT_LAMBDA_RUNTIME: LambdaRuntime = 'nodejs22.x';

/** The DVLA's production Vehicle Enquiry Service (context `dvlaApiUrl` may name its test service). */
export const DVLA_API_URL = 'https://driver-vehicle-licensing.api.gov.uk';

/** The DVLA's Vehicle Enquiry Service a stage looks vehicles up in (StageConfig.dvla). */
export interface DvlaSettings {
  keySecretName: string;
  apiUrl: string;
}

/** The Telegram bot a stage's alert channel sends through (StageConfig.telegram). */
export interface TelegramSettings {
  tokenSecretName: string;
  username: string;
}

/** A string context value, or undefined when it is not given. */
export function optionalString(node: Node, key: string): string | undefined {
  const value: unknown = node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new Error(`Context '${key}' must be a string`);
  return value;
}

/** A true/false context value: `-c key=true` arrives as the string 'true', cdk.json as a boolean. */
export function optionalBoolean(node: Node, key: string): boolean | undefined {
  const value: unknown = node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw new Error(`Context '${key}' must be true or false, not '${String(value)}'`);
}

/** An e-mail address context value, or undefined when it is not given. */
export function optionalEmail(node: Node, key: string): string | undefined {
  const value = optionalString(node, key);
  if (value !== undefined && !z.email().safeParse(value).success) {
    throw new Error(`Context '${key}' must be an e-mail address, not '${value}'`);
  }
  return value;
}

/** The mail settings of a stage (docs/decisions/0022); every one but the defaults needs a domain. */
export function readMailSettings(node: Node, domain: string | undefined): MailSettings {
  const identity = optionalString(node, 'mailIdentity');
  const sesVerified = optionalBoolean(node, 'sesVerified');
  const sesSandbox = optionalBoolean(node, 'sesSandbox');
  const mailFromDomain = optionalString(node, 'mailFromDomain');
  const dmarcRecord = optionalBoolean(node, 'dmarcRecord');
  const dmarcReportEmail = optionalEmail(node, 'dmarcReportEmail');
  if (identity !== undefined && identity !== 'own' && identity !== 'shared') {
    throw new Error(`Context 'mailIdentity' must be 'own' or 'shared', not '${identity}'`);
  }
  if (!domain) {
    const given = Object.entries({
      mailIdentity: identity,
      sesVerified: sesVerified || undefined,
      sesSandbox: sesSandbox || undefined,
      mailFromDomain,
      dmarcRecord,
      dmarcReportEmail,
    }).find(([, value]) => value !== undefined);
    if (given) throw new Error(`Context '${given[0]}' needs the mail domain: add -c domain=<your domain>`);
    return { identity: 'own', sesVerified: false, sesSandbox: false, dmarcRecord: false };
  }
  if (identity === 'shared') {
    // The domain's DNS records belong to the stage that owns the identity.
    const ownerOnly = Object.entries({ mailFromDomain, dmarcRecord, dmarcReportEmail }).find(
      ([, value]) => value !== undefined,
    );
    if (ownerOnly) {
      throw new Error(
        `Context '${ownerOnly[0]}' belongs to the stage that owns the SES identity, not to one with mailIdentity=shared`,
      );
    }
  }
  if (mailFromDomain !== undefined && !mailFromDomain.endsWith(`.${domain}`)) {
    throw new Error(`Context 'mailFromDomain' must be a subdomain of ${domain}, such as bounce.${domain}`);
  }
  if (
    mailFromDomain !== undefined &&
    !/^([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/i.test(mailFromDomain)
  ) {
    throw new Error(`Context 'mailFromDomain' must be a domain name, not '${mailFromDomain}'`);
  }
  if (dmarcRecord === false && dmarcReportEmail !== undefined) {
    throw new Error(
      "Context 'dmarcReportEmail' goes into the DMARC record, which dmarcRecord=false leaves out",
    );
  }
  const own = identity !== 'shared';
  return {
    identity: own ? 'own' : 'shared',
    sesVerified: sesVerified ?? false,
    sesSandbox: sesSandbox ?? false,
    mailFromDomain: own ? (mailFromDomain ?? `bounce.${domain}`) : undefined,
    dmarcRecord: own && (dmarcRecord ?? true),
    dmarcReportEmail,
  };
}

/** The DVLA look-up's key and service, or none (the look-up is then off). */
export function readDvla(node: Node): DvlaSettings | undefined {
  const keySecretName = optionalString(node, 'dvlaKeySecret');
  const apiUrl = optionalString(node, 'dvlaApiUrl');
  if (!keySecretName) {
    if (apiUrl) throw new Error("Context 'dvlaApiUrl' needs -c dvlaKeySecret=<the secret holding the key>");
    return undefined;
  }
  if (!/^[A-Za-z0-9/_+=.@-]{1,512}$/.test(keySecretName) || keySecretName.startsWith('arn:'))
    throw new Error(`Context 'dvlaKeySecret' must be a Secrets Manager secret name, not '${keySecretName}'`);
  if (apiUrl !== undefined && !/^https:\/\/[a-z0-9.-]+$/.test(apiUrl))
    throw new Error(`Context 'dvlaApiUrl' must be an https origin such as ${DVLA_API_URL}, not '${apiUrl}'`);
  return { keySecretName, apiUrl: apiUrl ?? DVLA_API_URL };
}

/** The Telegram bot's token secret and username, or none (Telegram is then off). */
export function readTelegram(node: Node): TelegramSettings | undefined {
  const tokenSecretName = optionalString(node, 'telegramBotSecret');
  const username = optionalString(node, 'telegramBot');
  if (!tokenSecretName && !username) return undefined;
  if (!tokenSecretName)
    throw new Error("Context 'telegramBot' needs -c telegramBotSecret=<the secret holding the bot's token>");
  if (!username) throw new Error("Context 'telegramBotSecret' needs -c telegramBot=<the bot's username>");
  if (!/^[A-Za-z0-9/_+=.@-]{1,512}$/.test(tokenSecretName) || tokenSecretName.startsWith('arn:'))
    throw new Error(
      `Context 'telegramBotSecret' must be a Secrets Manager secret name, not '${tokenSecretName}'`,
    );
  if (!/^[A-Za-z][A-Za-z0-9_]{3,31}$/.test(username))
    throw new Error(`Context 'telegramBot' must be a Telegram bot username (without @), not '${username}'`);
  return { tokenSecretName, username };
}

/** The functions' runtime: one of LAMBDA_RUNTIMES, DEFAULT_LAMBDA_RUNTIME unless given. */
export function readLambdaRuntime(node: Node): LambdaRuntime {
  const runtime = optionalString(node, 'lambdaRuntime') ?? DEFAULT_LAMBDA_RUNTIME;
  if (!(LAMBDA_RUNTIMES as readonly string[]).includes(runtime))
    throw new Error(`Context 'lambdaRuntime' must be one of ${LAMBDA_RUNTIMES.join(', ')}, not '${runtime}'`);
  return runtime as LambdaRuntime;
}

/**
 * The inbox of a stage with a domain of its own; `inboxRegion` without a domain, or a region SES
 * cannot receive in, stops the synth. A stage that shares another's mail identity receives no mail:
 * `inbox.{domain}` and its MX record are the owning stage's (two stages cannot both publish them).
 */
export function readInbox(node: Node, domain: string | undefined): InboxSettings | undefined {
  const region = optionalString(node, 'inboxRegion');
  if (optionalString(node, 'mailIdentity') === 'shared') return undefined;
  if (!domain) {
    if (region !== undefined)
      throw new Error("Context 'inboxRegion' needs the mail domain: add -c domain=<your domain>");
    return undefined;
  }
  if (region !== undefined && !(INBOX_REGIONS as readonly string[]).includes(region))
    throw new Error(
      `Context 'inboxRegion' must be a region where SES receives mail (${INBOX_REGIONS.join(', ')}), not '${region}'`,
    );
  return { domain: `inbox.${domain}`, region: region ?? DEFAULT_INBOX_REGION };
}

/** Whether the stage has its web ACL: every stage unless a non-prod one says otherwise. */
export function readWebAcl(node: Node, stage: string): boolean {
  const webAcl = optionalBoolean(node, 'webAcl') ?? true;
  if (!webAcl && stage === 'prod')
    throw new Error("Context 'webAcl=false' is for non-prod stages: prod keeps its web ACL");
  return webAcl;
}
