/**
 * cognito-local, assembled from its modules (pinned version 5.3.0) instead of createDefaultServer,
 * for two reasons: its default message sender only prints to the console, and its triggers go
 * through an AWS Lambda client. Here the sender puts every Cognito mail into the local SES mailbox,
 * and the triggers call our own trigger handlers in-process, the same code AWS runs. A few calls are
 * brought closer to AWS (`awsLikeRouter`, cognitoRouter.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import {
  DateClock,
  LambdaService,
  MessagesService,
  TriggersService,
} from 'cognito-local/lib/services/index.js';
import { CognitoServiceFactoryImpl } from 'cognito-local/lib/services/cognitoService.js';
import { CryptoService } from 'cognito-local/lib/services/crypto.js';
import { StormDBDataStoreFactory } from 'cognito-local/lib/services/dataStore/stormDb.js';
import { MessageDeliveryService } from 'cognito-local/lib/services/messageDelivery/messageDelivery.js';
import type { MessageSender } from 'cognito-local/lib/services/messageDelivery/messageSender.js';
import { otp } from 'cognito-local/lib/services/otp.js';
import { JwtTokenGenerator } from 'cognito-local/lib/services/tokenGenerator.js';
import { UserPoolServiceFactoryImpl } from 'cognito-local/lib/services/userPoolService.js';
import { Router } from 'cognito-local/lib/server/Router.js';
import { createServer } from 'cognito-local/lib/server/server.js';
import type { Config } from 'cognito-local/lib/server/config.js';
import { ADMIN_GROUP, USER_ATTRIBUTES } from '../../shared/identity.ts';
import type { ChallengeTriggers } from './cognitoCustomAuth.ts';
import { awsLikeRouter } from './cognitoRouter.ts';
import { guardHost } from './ownHost.ts';
import { loadOrCreateTokenKey, resignedTokens, type LocalTokenKey } from './tokenKey.ts';

export const LOCAL_USER_POOL_ID = 'eu-west-2_localPool1';
export const LOCAL_CLIENT_ID = 'localclient0000000000000001';

/** A trigger handler as AWS runs it: event in, event (with response) out. */
export type TriggerHandler = (event: unknown) => Promise<unknown>;

export interface LocalCognitoOptions {
  dataDir: string;
  port: number;
  sesEndpoint: string;
  emailFrom: string;
  /** cognito-local runs the first three; the custom auth flow's are run by cognitoCustomAuth.ts. */
  triggers: {
    PreSignUp: TriggerHandler;
    CustomMessage: TriggerHandler;
    PostConfirmation: TriggerHandler;
  } & ChallengeTriggers;
}

/** The web client's auth flows, as the CDK stack's client has them (lib/auth.ts). */
export const LOCAL_CLIENT_AUTH_FLOWS = [
  'ALLOW_USER_PASSWORD_AUTH',
  'ALLOW_CUSTOM_AUTH',
  'ALLOW_REFRESH_TOKEN_AUTH',
] as const;

export { FORGOT_PASSWORD_LIMIT } from './cognitoGuards.ts';

export interface LocalCognito {
  url: string;
  issuer: string;
  userPoolId: string;
  clientId: string;
  server: Server;
  /** The key the pool's tokens are signed with (made on the first start, kept in the data directory). */
  tokenKey: LocalTokenKey;
  stop(): Promise<void>;
}

/** Sends what Cognito would send through SES: the trigger's subject and HTML, code filled in. */
class SesMessageSender implements MessageSender {
  private readonly ses: SESv2Client;
  constructor(
    endpoint: string,
    private readonly from: string,
  ) {
    this.ses = new SESv2Client({
      endpoint,
      region: 'eu-west-2',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
  }
  async sendEmail(
    _ctx: unknown,
    _user: unknown,
    destination: string,
    message: { __code?: string; emailSubject?: string; emailMessage?: string },
  ): Promise<void> {
    const code = message.__code ?? '';
    const html = (message.emailMessage ?? `Your verification code is {####}`).replaceAll('{####}', code);
    await this.ses.send(
      new SendEmailCommand({
        FromEmailAddress: this.from,
        Destination: { ToAddresses: [destination] },
        Content: {
          Simple: {
            Subject: { Data: message.emailSubject ?? 'Your verification code' },
            Body: { Html: { Data: html } },
          },
        },
      }),
    );
  }
  async sendSms(): Promise<void> {
    throw new Error('SMS is not used by this product');
  }
}

/** Stands in for the AWS Lambda client cognito-local invokes triggers with. */
function inProcessLambda(handlers: Record<string, TriggerHandler>) {
  return {
    invoke(params: { FunctionName: string; Payload: string }) {
      return {
        async promise() {
          const handler = handlers[params.FunctionName];
          if (!handler) return { StatusCode: 404, FunctionError: 'Unhandled', Payload: '{}' };
          try {
            const result = await handler(JSON.parse(params.Payload));
            return { StatusCode: 200, Payload: JSON.stringify(result) };
          } catch (error) {
            const errorMessage = error instanceof Error ? error.message : String(error);
            return { StatusCode: 200, FunctionError: 'Unhandled', Payload: JSON.stringify({ errorMessage }) };
          }
        },
      };
    },
  };
}

export async function startLocalCognito(options: LocalCognitoOptions): Promise<LocalCognito> {
  const dataDirectory = path.join(options.dataDir, 'db');
  fs.mkdirSync(dataDirectory, { recursive: true });
  const logger = pino({ level: process.env.COGNITO_LOG_LEVEL ?? 'error' });
  const ctx = { logger };
  // The tokens' issuer names the port, known once the server listens (any free one when `port` is 0,
  // so no port is reserved and then lost to another socket in between); the token generator reads
  // it when it signs, and nothing is signed before then.
  const tokenConfig = { IssuerDomain: '' };
  const config = {
    LambdaClient: {},
    TriggerFunctions: {
      PreSignUp: 'PreSignUp',
      CustomMessage: 'CustomMessage',
      PostConfirmation: 'PostConfirmation',
    },
    UserPoolDefaults: { UsernameAttributes: ['email'] },
    TokenConfig: tokenConfig,
    KMSConfig: {},
    ServerConfig: { port: options.port, hostname: '127.0.0.1', development: false, https: false },
  } as unknown as Config;

  const clock = new DateClock();
  const tokenKey = loadOrCreateTokenKey(options.dataDir);
  const dataStoreFactory = new StormDBDataStoreFactory(dataDirectory);
  const cognitoServiceFactory = new CognitoServiceFactoryImpl(
    dataDirectory,
    dataStoreFactory,
    new UserPoolServiceFactoryImpl(clock, dataStoreFactory),
  );
  const cognito = await cognitoServiceFactory.create(ctx as never, config.UserPoolDefaults);
  await ensurePoolAndClient(cognito, ctx);

  const triggers = new TriggersService(
    clock,
    cognito,
    // cognito-local types this as the aws-sdk v2 Lambda client; only invoke().promise() is used.
    new LambdaService(
      config.TriggerFunctions,
      inProcessLambda({
        PreSignUp: options.triggers.PreSignUp,
        CustomMessage: options.triggers.CustomMessage,
        PostConfirmation: options.triggers.PostConfirmation,
      }) as never,
    ),
    new CryptoService(config.KMSConfig),
  );
  const services = {
    clock,
    cognito,
    config,
    messages: new MessagesService(
      triggers,
      new MessageDeliveryService(new SesMessageSender(options.sesEndpoint, options.emailFrom)),
    ),
    otp,
    // Never cognito-local's own key, which ships in its npm package: anyone could sign with it.
    tokenGenerator: resignedTokens(new JwtTokenGenerator(clock, triggers, config.TokenConfig), tokenKey),
    triggers,
  };
  const server = await createServer(
    awsLikeRouter(Router(services as never), services, options.triggers, tokenKey),
    logger as never,
    config.ServerConfig,
    services as never,
  ).start();
  // Its own routes (Admin* included) answer this machine's names only: no DNS rebinding.
  guardHost(server);
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  tokenConfig.IssuerDomain = url;
  return {
    url,
    issuer: `${url}/${LOCAL_USER_POOL_ID}`,
    userPoolId: LOCAL_USER_POOL_ID,
    clientId: LOCAL_CLIENT_ID,
    server,
    tokenKey,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Creation and modification dates of a record cognito-local saves as it is. */
function createdNow() {
  const now = new Date();
  return { CreationDate: now, LastModifiedDate: now };
}

/** The pool, its client and the admin group, with fixed ids, created on the first start only. */
async function ensurePoolAndClient(
  cognito: Awaited<ReturnType<CognitoServiceFactoryImpl['create']>>,
  ctx: unknown,
) {
  const c = ctx as never;
  const pools = await cognito.listUserPools(c);
  let pool = pools.find((p) => p.Id === LOCAL_USER_POOL_ID);
  if (!pool) {
    pool = await cognito.createUserPool(c, {
      Id: LOCAL_USER_POOL_ID,
      Name: 'renewal-reminders-local',
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      Policies: { PasswordPolicy: { MinimumLength: 6 } },
      SchemaAttributes: [
        { Name: USER_ATTRIBUTES.country, AttributeDataType: 'String', Mutable: true },
        { Name: USER_ATTRIBUTES.marketingConsent, AttributeDataType: 'String', Mutable: true },
      ],
    } as never);
  }
  const service = await cognito.getUserPool(c, LOCAL_USER_POOL_ID);
  const client = await cognito.getAppClient(c, LOCAL_CLIENT_ID);
  if (client && LOCAL_CLIENT_AUTH_FLOWS.some((flow) => !client.ExplicitAuthFlows?.includes(flow))) {
    // A data directory from before a flow was added (the confirmation link's custom auth, 0023).
    await service.saveAppClient(c, {
      ...client,
      ExplicitAuthFlows: [...LOCAL_CLIENT_AUTH_FLOWS],
      LastModifiedDate: new Date(),
    });
  }
  if (!client) {
    await service.saveAppClient(c, {
      ClientId: LOCAL_CLIENT_ID,
      ClientName: 'web',
      UserPoolId: LOCAL_USER_POOL_ID,
      ...createdNow(),
      ExplicitAuthFlows: [...LOCAL_CLIENT_AUTH_FLOWS],
      AccessTokenValidity: 1,
      IdTokenValidity: 60,
      RefreshTokenValidity: 30,
      TokenValidityUnits: { AccessToken: 'hours', IdToken: 'minutes', RefreshToken: 'days' },
    } as never);
  }
  // stormdb throws, rather than answering null, while the pool has no groups at all.
  const adminGroup = await service.getGroupByGroupName(c, ADMIN_GROUP).catch(() => null);
  if (!adminGroup) {
    await service.saveGroup(c, {
      GroupName: ADMIN_GROUP,
      Description: 'Administrators of the product',
      ...createdNow(),
    } as never);
  }
}
