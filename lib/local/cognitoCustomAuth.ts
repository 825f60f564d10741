/**
 * Cognito's custom authentication flow (InitiateAuth with CUSTOM_AUTH, then RespondToAuthChallenge
 * with CUSTOM_CHALLENGE) for the local Cognito: cognito-local 5.3.0 refuses CUSTOM_AUTH and has no
 * challenge triggers. This runs the flow as the user pool does, calling our own DefineAuthChallenge,
 * CreateAuthChallenge and VerifyAuthChallengeResponse handlers in-process with the events Cognito
 * sends them, and issues tokens the way cognito-local does for a password sign-in.
 *
 * What it follows of Cognito (as documented, and as the flow behaves on AWS):
 * - the client must allow ALLOW_CUSTOM_AUTH; an unconfirmed user gets UserNotConfirmedException and a
 *   disabled one NotAuthorizedException before any trigger runs;
 * - an unknown user name still runs the triggers, with `userNotFound: true` and no attributes (our
 *   client prevents user existence errors), so the answers look alike;
 * - Define decides after every answer; `failAuthentication` is NotAuthorizedException "Incorrect
 *   username or password.", `issueTokens` ends the flow with tokens;
 * - each step returns a new opaque Session that is good for one call, for three minutes, for the
 *   client and user it was issued to;
 * - a trigger that throws is UserLambdaValidationException "<trigger> failed with error <message>.";
 *   a response without the fields Cognito needs is InvalidLambdaResponseException.
 * Not modelled: SRP inside CUSTOM_AUTH (SRP_A), device keys, PreAuthentication/PostAuthentication
 * (this pool has neither).
 */
import { randomBytes } from 'node:crypto';
import * as z from 'zod';
import {
  InvalidLambdaResponseError,
  InvalidParameterError,
  NotAuthorizedError,
  UnsupportedError,
  UserLambdaValidationError,
  UserNotConfirmedException,
} from 'cognito-local/lib/errors.js';
import type { Route } from 'cognito-local/lib/server/Router.js';
import type { CognitoService } from 'cognito-local/lib/services/cognitoService.js';
import type { Context } from 'cognito-local/lib/services/context.js';
import type { TokenGenerator } from 'cognito-local/lib/services/tokenGenerator.js';
import { attributesToRecord, type User } from 'cognito-local/lib/services/userPoolService.js';

/** A trigger handler as AWS runs it: event in, event (with response) out. */
type TriggerHandler = (event: unknown) => Promise<unknown>;

/** The custom auth flow's triggers. */
export interface ChallengeTriggers {
  DefineAuthChallenge: TriggerHandler;
  CreateAuthChallenge: TriggerHandler;
  VerifyAuthChallengeResponse: TriggerHandler;
}

/** How long a custom-auth session (the Session string between two calls) lives: Cognito's default. */
export const CHALLENGE_SESSION_MS = 3 * 60 * 1000;

/** The most challenges one sign-in may go through; Cognito's own cap on a custom flow's rounds. */
const MAX_ROUNDS = 8;

const REGION = 'eu-west-2';

interface ChallengeResult {
  challengeName: 'CUSTOM_CHALLENGE';
  challengeResult: boolean;
  challengeMetadata?: string;
}

/** One sign-in in progress, between two calls. */
interface Flow {
  clientId: string;
  userPoolId: string;
  /** The user's Username (its sub in this pool), or the name asked for when there is no such user. */
  userName: string;
  userNotFound: boolean;
  session: ChallengeResult[];
  privateChallengeParameters: Record<string, string>;
  challengeMetadata: string | undefined;
  expiresAt: number;
}

interface Services {
  cognito: CognitoService;
  clock: { get(): Date };
  tokenGenerator: TokenGenerator;
}

interface InitiateRequest {
  ClientId: string;
  AuthFlow: string;
  AuthParameters?: Record<string, string>;
  ClientMetadata?: Record<string, string>;
}

interface RespondRequest {
  ClientId: string;
  ChallengeName: string;
  Session?: string;
  ChallengeResponses?: Record<string, string>;
  ClientMetadata?: Record<string, string>;
}

const stringMap = z.record(z.string(), z.string());
const defineResponse = z.object({
  challengeName: z.string().nullish(),
  issueTokens: z.boolean().nullish(),
  failAuthentication: z.boolean().nullish(),
});
const createResponse = z.object({
  publicChallengeParameters: stringMap.nullish(),
  privateChallengeParameters: stringMap.nullish(),
  challengeMetadata: z.string().nullish(),
});
const verifyResponse = z.object({ answerCorrect: z.boolean().nullish() });

const incorrect = () => new NotAuthorizedError('Incorrect username or password.');

/** What the flow's steps share: the stand-in's services, the triggers, and the flows in progress by session. */
interface FlowState extends Services {
  triggers: ChallengeTriggers;
  flows: Map<string, Flow>;
}

/** Runs one trigger as Lambda would: a JSON copy of the event in, its `response` out. */
async function invoke<T>(
  { triggers }: FlowState,
  name: keyof ChallengeTriggers,
  flow: Flow,
  user: User | null,
  triggerSource: string,
  request: Record<string, unknown>,
  response: Record<string, unknown>,
  schema: z.ZodType<T>,
): Promise<T> {
  const event = {
    version: '1',
    region: REGION,
    userPoolId: flow.userPoolId,
    userName: flow.userName,
    callerContext: { awsSdkVersion: 'aws-sdk-unknown-unknown', clientId: flow.clientId },
    triggerSource,
    request: {
      userAttributes: user
        ? { ...attributesToRecord(user.Attributes), 'cognito:user_status': user.UserStatus ?? 'CONFIRMED' }
        : {},
      ...request,
      ...(flow.userNotFound ? { userNotFound: true } : {}),
    },
    response,
  };
  let result: unknown;
  try {
    result = await triggers[name](JSON.parse(JSON.stringify(event)));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new UserLambdaValidationError(`${name} failed with error ${message}.`);
  }
  const parsed = schema.safeParse((result as { response?: unknown } | null)?.response);
  if (!parsed.success) throw new InvalidLambdaResponseError();
  return parsed.data;
}

/** The flow's user as stored now (it may have been disabled or deleted since the last call). */
async function currentUser({ cognito }: FlowState, ctx: Context, flow: Flow): Promise<User | null> {
  if (flow.userNotFound) return null;
  const pool = await cognito.getUserPool(ctx, flow.userPoolId);
  return pool.getUserByUsername(ctx, flow.userName);
}

/** Keeps a flow under a new session string, forgetting the flows whose time is up. */
function remember({ flows, clock }: FlowState, flow: Flow): string {
  const now = clock.get().getTime();
  for (const [session, old] of flows) if (old.expiresAt < now) flows.delete(session);
  flow.expiresAt = now + CHALLENGE_SESSION_MS;
  const session = randomBytes(48).toString('base64url');
  flows.set(session, flow);
  return session;
}

/** The flow's end when Define issues tokens: tokens as cognito-local issues them for a password sign-in. */
async function issueTokens(
  { cognito, tokenGenerator }: FlowState,
  ctx: Context,
  flow: Flow,
  user: User | null,
  clientMetadata: Record<string, string> | undefined,
) {
  if (!user) throw incorrect();
  const pool = await cognito.getUserPool(ctx, flow.userPoolId);
  const client = await cognito.getAppClient(ctx, flow.clientId);
  if (!client) throw incorrect();
  const groups = await pool.listUserGroupMembership(ctx, user);
  const tokens = await tokenGenerator.generate(ctx, user, groups, client, clientMetadata, 'Authentication');
  await pool.storeRefreshToken(ctx, tokens.RefreshToken, user);
  return { ChallengeParameters: {}, AuthenticationResult: tokens };
}

/** Define decides; then tokens, a failure, or the next challenge from Create. */
async function next(
  state: FlowState,
  ctx: Context,
  flow: Flow,
  clientMetadata: Record<string, string> | undefined,
) {
  const user = await currentUser(state, ctx, flow);
  if (!flow.userNotFound && (!user || user.Enabled === false)) throw incorrect();
  const metadata = clientMetadata ? { clientMetadata } : {};
  const decision = await invoke(
    state,
    'DefineAuthChallenge',
    flow,
    user,
    'DefineAuthChallenge_Authentication',
    { session: flow.session, ...metadata },
    { challengeName: null, issueTokens: null, failAuthentication: null },
    defineResponse,
  );
  if (decision.failAuthentication) throw incorrect();
  if (decision.issueTokens) return issueTokens(state, ctx, flow, user, clientMetadata);
  if (decision.challengeName !== 'CUSTOM_CHALLENGE') {
    throw new UnsupportedError(`custom auth with the challenge ${decision.challengeName ?? '(none)'}`);
  }
  if (flow.session.length >= MAX_ROUNDS) throw incorrect();
  const challenge = await invoke(
    state,
    'CreateAuthChallenge',
    flow,
    user,
    'CreateAuthChallenge_Authentication',
    { challengeName: 'CUSTOM_CHALLENGE', session: flow.session, ...metadata },
    { publicChallengeParameters: {}, privateChallengeParameters: {}, challengeMetadata: null },
    createResponse,
  );
  flow.privateChallengeParameters = challenge.privateChallengeParameters ?? {};
  flow.challengeMetadata = challenge.challengeMetadata ?? undefined;
  return {
    ChallengeName: 'CUSTOM_CHALLENGE',
    ChallengeParameters: { ...challenge.publicChallengeParameters, USERNAME: flow.userName },
    Session: remember(state, flow),
  };
}

/** InitiateAuth with AuthFlow CUSTOM_AUTH. */
const initiate =
  (state: FlowState): Route =>
  async (ctx, req: InitiateRequest) => {
    const { cognito } = state;
    const client = (await cognito.getAppClient(ctx, req.ClientId)) as { ExplicitAuthFlows?: string[] } | null;
    if (!client) throw new NotAuthorizedError();
    if (!client.ExplicitAuthFlows?.includes('ALLOW_CUSTOM_AUTH')) {
      throw new InvalidParameterError('Auth flow not enabled for this client');
    }
    const username = req.AuthParameters?.USERNAME;
    if (!username) throw new InvalidParameterError('Missing required parameter USERNAME');
    if (req.AuthParameters?.SRP_A) throw new UnsupportedError('CUSTOM_AUTH with SRP_A');
    const pool = await cognito.getUserPoolForClientId(ctx, req.ClientId);
    const user = await pool.getUserByUsername(ctx, username);
    if (user?.Enabled === false) throw new NotAuthorizedError('User is disabled.');
    if (user?.UserStatus === 'UNCONFIRMED') throw new UserNotConfirmedException();
    return next(
      state,
      ctx,
      {
        clientId: req.ClientId,
        userPoolId: pool.options.Id,
        userName: user?.Username ?? username,
        userNotFound: !user,
        session: [],
        privateChallengeParameters: {},
        challengeMetadata: undefined,
        expiresAt: 0,
      },
      req.ClientMetadata,
    );
  };

/** The flow a RespondToAuthChallenge names: a live session, spent by this one answer, of its client. */
function answeredFlow({ flows, clock }: FlowState, req: RespondRequest): Flow {
  const flow = req.Session ? flows.get(req.Session) : undefined;
  // A session string is good for one answer.
  if (req.Session) flows.delete(req.Session);
  if (!flow || flow.expiresAt < clock.get().getTime() || flow.clientId !== req.ClientId) {
    throw new NotAuthorizedError('Invalid session for the user, session is expired.');
  }
  return flow;
}

/** RespondToAuthChallenge with ChallengeName CUSTOM_CHALLENGE. */
const respond =
  (state: FlowState): Route =>
  async (ctx, req: RespondRequest) => {
    const flow = answeredFlow(state, req);
    const answer = req.ChallengeResponses?.ANSWER;
    const username = req.ChallengeResponses?.USERNAME;
    if (typeof answer !== 'string') throw new InvalidParameterError('Missing required parameter ANSWER');
    if (!username) throw new InvalidParameterError('Missing required parameter USERNAME');
    if (!flow.userNotFound) {
      const pool = await state.cognito.getUserPool(ctx, flow.userPoolId);
      const named = await pool.getUserByUsername(ctx, username);
      if (named?.Username !== flow.userName) throw incorrect();
    }
    const user = await currentUser(state, ctx, flow);
    const verdict = await invoke(
      state,
      'VerifyAuthChallengeResponse',
      flow,
      user,
      'VerifyAuthChallengeResponse_Authentication',
      {
        privateChallengeParameters: flow.privateChallengeParameters,
        challengeAnswer: answer,
        ...(req.ClientMetadata ? { clientMetadata: req.ClientMetadata } : {}),
      },
      { answerCorrect: null },
      verifyResponse,
    );
    flow.session = [
      ...flow.session,
      {
        challengeName: 'CUSTOM_CHALLENGE',
        challengeResult: verdict.answerCorrect === true,
        ...(flow.challengeMetadata !== undefined ? { challengeMetadata: flow.challengeMetadata } : {}),
      },
    ];
    return next(state, ctx, flow, req.ClientMetadata);
  };

/** The custom flow's two routes, sharing the flows in progress (per stand-in). */
export function customAuthRoutes(services: Services, triggers: ChallengeTriggers) {
  const state: FlowState = { ...services, triggers, flows: new Map() };
  return { initiate: initiate(state), respond: respond(state) };
}
