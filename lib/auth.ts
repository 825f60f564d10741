import { Duration, Validations } from 'aws-cdk-lib';
import {
  AccountRecovery,
  ClientAttributes,
  FeaturePlan,
  Mfa,
  StringAttribute,
  UserPool,
  type UserPoolClient,
  UserPoolEmail,
  UserPoolOperation,
  VerificationEmailStyle,
} from 'aws-cdk-lib/aws-cognito';
import { Policy, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { PRODUCT_NAME } from '../shared/brand.ts';
import { ADMIN_GROUP, CUSTOM_ATTRIBUTES } from '../shared/identity.ts';
import { keys } from '../shared/table.ts';
import { removalPolicy, stageName, type StageConfig } from './config.ts';
import type { Data } from './data.ts';
import { AppFunction } from './function.ts';
import type { Mail } from './mail.ts';

export interface AuthProps {
  config: StageConfig;
  data: Data;
  mail: Mail;
  /**
   * Environment for the trigger functions. It must not contain the user pool's id or client id: the
   * pool references the triggers, so a trigger referencing the pool would be a dependency cycle.
   */
  triggerEnvironment: Record<string, string>;
}

/**
 * The user pool: sign-in by e-mail (any case), the product's password rule, the sign-up form's
 * attributes, and its mail through SES once the domain is verified.
 */
function userPool(scope: Construct, config: StageConfig, mail: Mail): UserPool {
  return new UserPool(scope, 'UserPool', {
    userPoolName: stageName(config),
    selfSignUpEnabled: true,
    signInAliases: { email: true },
    signInCaseSensitive: false,
    autoVerify: { email: true },
    keepOriginal: { email: true },
    // The CustomMessage trigger puts the code into a link to /auth/callback (a reset code goes as it is).
    userVerification: { emailStyle: VerificationEmailStyle.CODE },
    standardAttributes: {
      email: { required: true, mutable: true },
      // Not required by Cognito so that the schema never blocks a sign-up; the SPA and the API
      // validate first_name (1–80 characters) with the shared zod schema.
      givenName: { required: false, mutable: true },
      familyName: { required: false, mutable: true },
    },
    customAttributes: {
      [CUSTOM_ATTRIBUTES.country]: new StringAttribute({ minLen: 2, maxLen: 64, mutable: true }),
      // 'true' | 'false': Cognito custom attributes are strings or numbers.
      [CUSTOM_ATTRIBUTES.marketingConsent]: new StringAttribute({ maxLen: 5, mutable: true }),
    },
    // The product's password rule: at least 6 characters, and no character-class rules.
    passwordPolicy: {
      minLength: 6,
      requireLowercase: false,
      requireUppercase: false,
      requireDigits: false,
      requireSymbols: false,
      tempPasswordValidity: Duration.days(7),
    },
    mfa: Mfa.OFF,
    accountRecovery: AccountRecovery.EMAIL_ONLY,
    featurePlan: FeaturePlan.ESSENTIALS,
    // Through SES only once the domain identity is verified (-c sesVerified=true): Cognito checks
    // the identity when the pool is created or updated, so a pool naming an identity still being
    // verified fails the deploy. Until then Cognito's own e-mail (docs/decisions/0022).
    email:
      config.emailProvider === 'ses' && config.domain && config.mail.sesVerified
        ? UserPoolEmail.withSES({
            fromEmail: config.emailFromAddress,
            fromName: PRODUCT_NAME,
            sesVerifiedDomain: config.domain,
            configurationSetName: mail.configurationSetName,
          })
        : UserPoolEmail.withCognito(),
    deletionProtection: config.isProd,
    removalPolicy: removalPolicy(config),
  });
}

/** The SPA's client: password sign-in and the confirmation link's custom flow, nothing else. */
function webClient(pool: UserPool): UserPoolClient {
  return pool.addClient('WebClient', {
    userPoolClientName: 'web',
    generateSecret: false,
    // Amplify v6 with authFlowType USER_PASSWORD_AUTH (cognito-local has no SRP); refresh is implicit.
    // CUSTOM_AUTH: the confirmation link's one sign-in (decision 0023), nothing else answers it.
    authFlows: { userPassword: true, custom: true },
    accessTokenValidity: Duration.hours(1),
    idTokenValidity: Duration.hours(1),
    refreshTokenValidity: Duration.days(30),
    preventUserExistenceErrors: true,
    enableTokenRevocation: true,
    // The SPA signs in with USER_PASSWORD_AUTH only: no hosted UI, no OAuth flows, no callback URLs.
    disableOAuth: true,
    // What SignUp (and UpdateUserAttributes with the user's own token) may set: the sign-up form's
    // fields. Settings go through the API, which writes the attributes with admin rights.
    writeAttributes: new ClientAttributes()
      .withStandardAttributes({ email: true, givenName: true, familyName: true })
      .withCustomAttributes(CUSTOM_ATTRIBUTES.country, CUSTOM_ATTRIBUTES.marketingConsent),
  });
}

/** The cdk-nag rules the pool answers otherwise, each with why. */
function acknowledgeUserPool(pool: UserPool): void {
  Validations.of(pool).acknowledge(
    {
      id: 'AwsSolutions-COG1',
      reason:
        'The product\'s password rule is a minimum length of 6 characters with no character-class rules ("Password must be at least 6 characters").',
    },
    {
      id: 'AwsSolutions-COG2',
      reason:
        'The product has no multi-factor authentication: sign-in is e-mail and password only. MFA is a future product decision.',
    },
    {
      id: 'AwsSolutions-COG8',
      reason:
        'Threat protection needs the Plus feature plan; this consumer app stays on Essentials for cost.',
    },
  );
}

/**
 * Sign-up, confirmation, sign-in and password recovery: a Cognito user pool (e-mail as the user name,
 * self sign-up, the sign-up metadata as attributes), the `admin` group, the SPA's app client, and
 * three triggers: PreSignUp refuses attribute values the product's rules refuse, CustomMessage
 * renders the confirmation and password-reset mails with our own templates, PostConfirmation creates
 * the profile item and sends the welcome mail; and the custom auth flow's three (Define, Create,
 * VerifyAuthChallengeResponse) by which the confirmation link signs in once (decision 0023).
 */
export class Auth extends Construct {
  readonly userPool: UserPool;
  readonly client: UserPoolClient;
  readonly preSignUp: AppFunction;
  readonly customMessage: AppFunction;
  readonly postConfirmation: AppFunction;
  /** The confirmation link's one sign-in (decision 0023): Cognito's custom auth flow. */
  readonly defineAuthChallenge: AppFunction;
  readonly createAuthChallenge: AppFunction;
  readonly verifyAuthChallengeResponse: AppFunction;

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id);
    const { config, data, mail } = props;
    // Every trigger has the triggers' environment (never the pool's ids).
    const trigger = (id: string, entry: string, description: string, options: { memorySize?: number } = {}) =>
      new AppFunction(this, id, {
        config,
        entry,
        description,
        environment: props.triggerEnvironment,
        ...options,
      });

    // A direct SignUp call to Cognito's public API skips the SPA: this checks the same rules.
    this.preSignUp = trigger(
      'PreSignUp',
      'lambdas/handlers/triggers/preSignUp.ts',
      'Cognito PreSignUp: refuses names, countries and time zones the product refuses',
    );
    this.customMessage = trigger(
      'CustomMessage',
      'lambdas/handlers/triggers/customMessage.ts',
      'Cognito CustomMessage: renders the sign-up confirmation and password-reset mails',
    );
    this.postConfirmation = trigger(
      'PostConfirmation',
      'lambdas/handlers/triggers/postConfirmation.ts',
      'Cognito PostConfirmation: creates the profile item and sends the welcome mail',
      // Cognito waits 5 s for a trigger: render the welcome mail with CPU to spare on a cold start.
      { memorySize: 512 },
    );
    // The profile item, the sign-up counter (lifetime_free), the statistics counters, the send log.
    data.grantReadWrite(this.postConfirmation.fn);
    // The welcome mail (lambdas/features/engine/welcome.ts), with its signed unsubscribe link. Neither grant
    // refers to the user pool, so the pool can still refer to the trigger.
    mail.grantSend(this.postConfirmation.fn);
    mail.grantUnsubscribeKey(this.postConfirmation.fn);
    // The confirmation link signs in once (decision 0023): PostConfirmation keeps the verifier the
    // confirming browser sent; the custom auth flow's one challenge redeems it. Define and Create
    // read only the event; Verify deletes the one item, conditionally, in a user's partition.
    this.defineAuthChallenge = trigger(
      'DefineAuthChallenge',
      'lambdas/handlers/triggers/defineAuthChallenge.ts',
      'Cognito DefineAuthChallenge: the confirmation link sign-in, one custom challenge',
    );
    this.createAuthChallenge = trigger(
      'CreateAuthChallenge',
      'lambdas/handlers/triggers/createAuthChallenge.ts',
      'Cognito CreateAuthChallenge: the confirmation link sign-in challenge',
    );
    this.verifyAuthChallengeResponse = trigger(
      'VerifyAuthChallengeResponse',
      'lambdas/handlers/triggers/verifyAuthChallengeResponse.ts',
      'Cognito VerifyAuthChallengeResponse: redeems the confirmation link sign-in once',
    );
    this.verifyAuthChallengeResponse.fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['dynamodb:DeleteItem'],
        resources: [data.table.tableArn],
        // Users' partitions only (USER#{sub}): never the counters, logs or lookups.
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [keys.user('*')] } },
      }),
    );

    this.userPool = userPool(this, config, mail);
    this.userPool.addTrigger(UserPoolOperation.PRE_SIGN_UP, this.preSignUp.fn);
    this.userPool.addTrigger(UserPoolOperation.CUSTOM_MESSAGE, this.customMessage.fn);
    this.userPool.addTrigger(UserPoolOperation.POST_CONFIRMATION, this.postConfirmation.fn);
    this.userPool.addTrigger(UserPoolOperation.DEFINE_AUTH_CHALLENGE, this.defineAuthChallenge.fn);
    this.userPool.addTrigger(UserPoolOperation.CREATE_AUTH_CHALLENGE, this.createAuthChallenge.fn);
    this.userPool.addTrigger(
      UserPoolOperation.VERIFY_AUTH_CHALLENGE_RESPONSE,
      this.verifyAuthChallengeResponse.fn,
    );
    // Cognito checks the SES identity when the pool is created or updated.
    if (mail.ownIdentity) this.userPool.node.addDependency(mail.ownIdentity);
    // After a password reset PostConfirmation signs the user out everywhere: on this pool alone. A
    // policy of its own, made once the pool exists: in the role's default policy the pool's ARN
    // would make a cycle (the pool refers to the trigger, which waits for its role's default policy).
    new Policy(this, 'PostConfirmationSignOut', {
      roles: [this.postConfirmation.fn.role!],
      statements: [
        new PolicyStatement({
          actions: ['cognito-idp:AdminUserGlobalSignOut'],
          resources: [this.userPool.userPoolArn],
        }),
      ],
    });

    this.userPool.addGroup('AdminGroup', {
      groupName: ADMIN_GROUP,
      description: 'Administrators: statistics, health checks, e-mail tests, the reminder job and logs',
    });

    this.client = webClient(this.userPool);

    acknowledgeUserPool(this.userPool);
  }
}
