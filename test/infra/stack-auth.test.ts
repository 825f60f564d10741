/** The stack's name, its table and its Cognito user pool, clients and triggers. */
import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { TABLE_KEYS, TTL_ATTRIBUTE } from '../../shared/table.ts';
import {
  devAndProd,
  actionsOfFunction,
  dependencyCycle,
  logicalIdWhere,
  resourcesOfType,
  synth,
  type Synthesized,
} from './harness.ts';
import {
  COMMON_ENV,
  functionId,
  envOf,
  beyondTable,
  postConfirmationId,
  secretId,
  SECRET_READ,
  SES_SEND,
  LOG_WRITE,
} from './stack-helpers.ts';

const { dev, prod } = devAndProd();

describe('stack', () => {
  it('is named after the stage and defaults to London', () => {
    expect(dev.stack.stackName).toBe('RenewalReminders-dev');
    expect(prod.stack.stackName).toBe('RenewalReminders-prod');
    expect(prod.stack.terminationProtection).toBe(true);
    expect(dev.stack.terminationProtection).toBe(false);
    expect(dev.stack.region).toBe('eu-west-2');
  });

  it('has no dependency cycle between its resources (CloudFormation would reject it)', () => {
    for (const s of [dev, prod]) {
      // Each template as CloudFormation sees it (a nested stack is one resource of its parent), and
      // all of them as one.
      for (const stack of [s.stack, ...s.stack.api.routeStacks])
        expect(dependencyCycle(Template.fromStack(stack)), stack.node.path).toBeUndefined();
      expect(dependencyCycle(s.template)).toBeUndefined();
    }
  });

  it('the cycle check finds a cycle', () => {
    const template = {
      toJSON: () => ({
        Resources: {
          A: { Type: 'T', Properties: { X: { Ref: 'B' } } },
          B: { Type: 'T', Properties: { Y: { 'Fn::GetAtt': ['C', 'Arn'] } } },
          C: { Type: 'T', DependsOn: ['A'] },
        },
      }),
    } as unknown as Synthesized['template'];
    expect(dependencyCycle(template)).toEqual(['A', 'B', 'C', 'A']);
  });

  it('outputs what the SPA, scripts and operators need', () => {
    for (const name of ['SiteUrl', 'ApiUrl', 'UserPoolId', 'UserPoolClientId', 'TableName']) {
      dev.template.hasOutput(name, {});
    }
  });
});

describe('data', () => {
  it('expires items by the TTL attribute the lambdas write (shared/table.ts)', () => {
    expect(TTL_ATTRIBUTE).toBe('expires_at');
    dev.template.hasResourceProperties('AWS::DynamoDB::Table', {
      TimeToLiveSpecification: { AttributeName: 'expires_at', Enabled: true },
    });
  });

  it('has one on-demand, encrypted table with PITR and the due-date index', () => {
    dev.template.resourceCountIs('AWS::DynamoDB::Table', 1);
    dev.template.hasResourceProperties('AWS::DynamoDB::Table', {
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      SSESpecification: { SSEEnabled: true },
      TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
      KeySchema: [
        { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: [
        {
          IndexName: TABLE_KEYS.dueIndex.name,
          KeySchema: [
            { AttributeName: TABLE_KEYS.dueIndex.partitionKey, KeyType: 'HASH' },
            { AttributeName: TABLE_KEYS.dueIndex.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        },
      ],
    });
  });

  it('is deleted with a dev stack', () => {
    dev.template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Delete',
      Properties: Match.objectLike({ DeletionProtectionEnabled: false }),
    });
  });

  it('is retained and deletion-protected in prod', () => {
    prod.template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({ DeletionProtectionEnabled: true }),
    });
    prod.template.hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({ DeletionProtection: 'ACTIVE' }),
    });
  });
});

describe('auth', () => {
  it('signs up by e-mail with the password rule and the sign-up metadata', () => {
    dev.template.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      Policies: {
        PasswordPolicy: {
          MinimumLength: 6,
          RequireLowercase: false,
          RequireUppercase: false,
          RequireNumbers: false,
          RequireSymbols: false,
        },
      },
      Schema: Match.arrayWith([
        Match.objectLike({ Name: 'email', Required: true }),
        Match.objectLike({ Name: 'given_name', Required: false, Mutable: true }),
        Match.objectLike({ Name: 'family_name', Required: false, Mutable: true }),
        Match.objectLike({ Name: 'country', AttributeDataType: 'String', Mutable: true }),
        Match.objectLike({ Name: 'marketing_consent', AttributeDataType: 'String', Mutable: true }),
      ]),
    });
  });

  it('wires the PreSignUp, CustomMessage and PostConfirmation triggers', () => {
    const preSignUp = functionId(dev, /^Cognito PreSignUp/);
    const customMessage = functionId(dev, /^Cognito CustomMessage/);
    const postConfirmation = functionId(dev, /^Cognito PostConfirmation/);
    dev.template.hasResourceProperties('AWS::Cognito::UserPool', {
      LambdaConfig: {
        PreSignUp: { 'Fn::GetAtt': [preSignUp, 'Arn'] },
        CustomMessage: { 'Fn::GetAtt': [customMessage, 'Arn'] },
        PostConfirmation: { 'Fn::GetAtt': [postConfirmation, 'Arn'] },
      },
    });
    dev.template.hasResourceProperties('AWS::Lambda::Permission', {
      FunctionName: { 'Fn::GetAtt': [preSignUp, 'Arn'] },
      Principal: 'cognito-idp.amazonaws.com',
    });
    // PreSignUp only reads the event: no rights beyond writing its own logs.
    expect(actionsOfFunction(dev.template, preSignUp)).toEqual(new Set(LOG_WRITE));
    dev.template.hasResourceProperties('AWS::Lambda::Permission', {
      FunctionName: { 'Fn::GetAtt': [postConfirmation, 'Arn'] },
      Principal: 'cognito-idp.amazonaws.com',
    });
  });

  it('gives the triggers what they need and no reference back to the pool', () => {
    for (const id of [
      functionId(dev, /^Cognito PreSignUp/),
      functionId(dev, /^Cognito CustomMessage/),
      functionId(dev, /^Cognito PostConfirmation/),
    ]) {
      const env = envOf(dev, id);
      for (const name of COMMON_ENV) expect(env, name).toHaveProperty(name);
      expect(env).not.toHaveProperty('USER_POOL_ID');
      expect(env).not.toHaveProperty('USER_POOL_CLIENT_ID');
    }
    const actions = actionsOfFunction(dev.template, functionId(dev, /^Cognito PostConfirmation/));
    expect(actions).toContain('dynamodb:PutItem');
    // Only the sign-out after a password reset, on this account's pools in this region.
    expect([...actions].filter((a) => a.startsWith('cognito-idp:'))).toEqual([
      'cognito-idp:AdminUserGlobalSignOut',
    ]);
  });

  it('lets PostConfirmation send the welcome mail (SES with a domain, the unsubscribe key) and sign out after a reset, nothing more', () => {
    const signOut = 'cognito-idp:AdminUserGlobalSignOut';
    expect(beyondTable(dev, postConfirmationId(dev))).toEqual([signOut, ...SECRET_READ]);
    expect(beyondTable(prod, postConfirmationId(prod))).toEqual(
      [signOut, ...SECRET_READ, ...SES_SEND].sort(),
    );
    // On the stage's own pool only (test/infra/least-privilege.test.ts has the policy).
    const statement = Object.values(resourcesOfType(prod.template, 'AWS::IAM::Policy'))
      .flatMap(
        (p) =>
          (p.Properties!.PolicyDocument as { Statement: { Action: unknown; Resource: unknown }[] }).Statement,
      )
      .find((s) => s.Action === signOut)!;
    const poolId = logicalIdWhere(prod.template, 'AWS::Cognito::UserPool', () => true);
    expect(statement.Resource).toEqual({ 'Fn::GetAtt': [poolId, 'Arn'] });
    const env = envOf(prod, postConfirmationId(prod));
    const configurationSetId = logicalIdWhere(prod.template, 'AWS::SES::ConfigurationSet', () => true);
    expect(env.SES_CONFIGURATION_SET).toEqual({ Ref: configurationSetId });
    expect(env.EMAIL_PROVIDER).toBe('ses');
    expect(env.EMAIL_FROM).toBe('Renewal Reminders <reminders@example.com>');
    expect(env.UNSUBSCRIBE_SECRET_ARN).toEqual({ Ref: secretId(prod) });
    // CustomMessage only renders the confirmation mail (Cognito sends it): no rights beyond the table.
    expect(beyondTable(prod, functionId(prod, /^Cognito CustomMessage/))).toEqual([]);
  });

  it('keeps the triggers, their roles and what they wait for free of any reference to the user pool', () => {
    for (const s of [dev, prod]) {
      const poolId = logicalIdWhere(s.template, 'AWS::Cognito::UserPool', () => true);
      for (const id of [
        functionId(s, /^Cognito PreSignUp/),
        functionId(s, /^Cognito CustomMessage/),
        postConfirmationId(s),
      ]) {
        const fn = resourcesOfType(s.template, 'AWS::Lambda::Function')[id]!;
        const roleId = (fn.Properties!.Role as { 'Fn::GetAtt': [string] })['Fn::GetAtt'][0];
        // The policies the function waits for (its DependsOn); the sign-out policy on the pool comes after both.
        const waitsFor = new Set([fn.DependsOn ?? []].flat() as string[]);
        const policies = Object.entries(resourcesOfType(s.template, 'AWS::IAM::Policy'))
          .filter(([policyId]) => waitsFor.has(policyId))
          .map(([, p]) => p);
        const role = resourcesOfType(s.template, 'AWS::IAM::Role')[roleId];
        expect(JSON.stringify([fn, role, policies]), id).not.toContain(poolId);
      }
      expect(dependencyCycle(s.template)).toBeUndefined();
    }
  });

  it('has the admin group', () => {
    dev.template.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: 'admin' });
  });

  it('has a public app client for USER_PASSWORD_AUTH with 1 h access and 30 d refresh tokens', () => {
    dev.template.resourceCountIs('AWS::Cognito::UserPoolClient', 1);
    dev.template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      // No OAuth: no implicit or code grant, no hosted-UI callback (example.com or any other).
      AllowedOAuthFlowsUserPoolClient: false,
      AllowedOAuthFlows: Match.absent(),
      AllowedOAuthScopes: Match.absent(),
      CallbackURLs: Match.absent(),
      LogoutURLs: Match.absent(),
      // SignUp and the user's own token can set the sign-up form's fields only.
      WriteAttributes: ['custom:country', 'custom:marketing_consent', 'email', 'family_name', 'given_name'],
      // CUSTOM_AUTH: the confirmation link's one sign-in (decision 0023, test/infra/auth-challenge.test.ts).
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_CUSTOM_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      GenerateSecret: false,
      PreventUserExistenceErrors: 'ENABLED',
      AccessTokenValidity: 60,
      IdTokenValidity: 60,
      RefreshTokenValidity: 43200,
      TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'minutes' },
    });
  });

  it('sends Cognito mail with Cognito’s own e-mail until the domain identity is verified (first deploy), then through SES', () => {
    const cognitoDefault = { EmailConfiguration: { EmailSendingAccount: 'COGNITO_DEFAULT' } };
    dev.template.hasResourceProperties('AWS::Cognito::UserPool', cognitoDefault);
    // First deploy with a domain: the identity is created in the same deploy, unverified, and
    // Cognito would refuse a pool that names it (aws-cdk #18964, #19787).
    prod.template.hasResourceProperties('AWS::Cognito::UserPool', cognitoDefault);
    expect(JSON.stringify(prod.template.findResources('AWS::Cognito::UserPool'))).not.toMatch(/SourceArn/);
    // Once -c sesVerified=true says the identity is verified: through SES, from the domain.
    const verified = synth({ stage: 'prod', domain: 'example.com', sesVerified: 'true' });
    const configurationSetId = logicalIdWhere(verified.template, 'AWS::SES::ConfigurationSet', () => true);
    const identityId = logicalIdWhere(verified.template, 'AWS::SES::EmailIdentity', () => true);
    verified.template.hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: {
        EmailSendingAccount: 'DEVELOPER',
        From: 'Renewal Reminders <reminders@example.com>',
        SourceArn: {
          'Fn::Join': [
            '',
            [
              'arn:',
              { Ref: 'AWS::Partition' },
              `:ses:${verified.stack.region}:`,
              { Ref: 'AWS::AccountId' },
              ':identity/example.com',
            ],
          ],
        },
        ConfigurationSet: { Ref: configurationSetId },
      },
    });
    const pool = Object.values(resourcesOfType(verified.template, 'AWS::Cognito::UserPool'))[0]!;
    expect([pool.DependsOn].flat()).toContain(identityId);
  });
});
