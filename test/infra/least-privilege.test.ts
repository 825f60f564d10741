/**
 * Least privilege where the defaults gave more: each function writes its own log group only (no
 * AWSLambdaBasicExecutionRole, which allows every log group of the account); the public routes that
 * write make only their calls, on their partitions; PostConfirmation signs users out of its own pool
 * only; and the docs name every function that may read the DVLA key.
 */
import { readFileSync } from 'node:fs';
import { type CfnElement, Stack } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { AppFunction } from '../../lib/function.ts';
import { API, ROUTES } from '../../shared/routes.ts';
import { dependencyCycle, devAndProd, logicalIdWhere, resourcesOfType, type Synthesized } from './harness.ts';
import { functionId, LOG_WRITE, postConfirmationId, routeDescription } from './stack-helpers.ts';

const { dev, prod } = devAndProd();

interface Statement {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
  Condition?: unknown;
}

/** Every statement of every policy attached to the role of the function `id`. */
function statementsOf(s: Synthesized, id: string): Statement[] {
  const fn = resourcesOfType(s.template, 'AWS::Lambda::Function')[id]!;
  const roleId = (fn.Properties!.Role as { 'Fn::GetAtt': [string] })['Fn::GetAtt'][0];
  return Object.values(resourcesOfType(s.template, 'AWS::IAM::Policy'))
    .filter((p) => (p.Properties!.Roles as { Ref: string }[]).some((r) => r.Ref === roleId))
    .flatMap((p) => (p.Properties!.PolicyDocument as { Statement: Statement[] }).Statement);
}

const actions = (statement: Statement) => [statement.Action].flat();

/** The logical ids of our own functions (AppFunction), not CDK's custom-resource handlers. */
const ourFunctions = (s: Synthesized) =>
  s.stack.node
    .findAll()
    .filter((c): c is AppFunction => c instanceof AppFunction)
    .map((f) => Stack.of(f.fn).getLogicalId(f.fn.node.defaultChild as CfnElement));

describe('each function and its logs', () => {
  it.each([
    ['dev', dev],
    ['prod', prod],
  ])('%s: writes its own log group only, with no managed policy on its role', (_, s) => {
    const ids = ourFunctions(s);
    expect(ids.length).toBeGreaterThan(30);
    const functions = resourcesOfType(s.template, 'AWS::Lambda::Function');
    const roles = resourcesOfType(s.template, 'AWS::IAM::Role');
    for (const id of ids) {
      const fn = functions[id]!;
      const roleId = (fn.Properties!.Role as { 'Fn::GetAtt': [string] })['Fn::GetAtt'][0];
      expect(roles[roleId]!.Properties!.ManagedPolicyArns, id).toBeUndefined();
      const logGroup = (fn.Properties!.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup.Ref;
      const logs = statementsOf(s, id).filter((st) => actions(st).some((a) => a.startsWith('logs:')));
      expect(logs, id).toEqual([
        { Effect: 'Allow', Action: LOG_WRITE, Resource: { 'Fn::GetAtt': [logGroup, 'Arn'] } },
      ]);
    }
  });
});

describe('the public routes that write', () => {
  const table = (s: Synthesized) => logicalIdWhere(s.template, 'AWS::DynamoDB::Table', () => true);
  const routeFunction = (name: keyof typeof API) => functionId(dev, routeDescription(API[name]));
  const tableStatements = (name: keyof typeof API) =>
    statementsOf(dev, routeFunction(name)).filter((st) => actions(st).some((a) => a.startsWith('dynamodb:')));

  it('the not-found report: updates its own rate-limit counters, nothing else in the table', () => {
    expect(tableStatements('reportNotFound')).toEqual([
      {
        Effect: 'Allow',
        Action: 'dynamodb:UpdateItem',
        Resource: { 'Fn::GetAtt': [table(dev), 'Arn'] },
        Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['RATE#not-found#*'] } },
      },
    ]);
  });

  it("unsubscribe: updates a user's items and puts an invitee's 'no invitations', nothing else", () => {
    expect(tableStatements('unsubscribe')).toEqual([
      {
        Effect: 'Allow',
        Action: ['dynamodb:PutItem', 'dynamodb:UpdateItem'],
        Resource: { 'Fn::GetAtt': [table(dev), 'Arn'] },
        Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['USER#*', 'NO_INVITES#*#*'] } },
      },
    ]);
  });

  it('the calendar files: read, and update their own per-token counters', () => {
    for (const [name, counter] of [
      ['getCalendarFeed', 'RATE#calendar:*#*'],
      ['getReminderEvent', 'RATE#calendar-event:*#*'],
    ] as const) {
      const writes = tableStatements(name).filter((st) => st.Condition);
      expect(writes, name).toEqual([
        {
          Effect: 'Allow',
          Action: 'dynamodb:UpdateItem',
          Resource: { 'Fn::GetAtt': [table(dev), 'Arn'] },
          Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [counter] } },
        },
      ]);
      const unconditioned = tableStatements(name)
        .filter((st) => !st.Condition)
        .flatMap(actions);
      expect(unconditioned.sort(), name).toEqual([
        'dynamodb:BatchGetItem',
        'dynamodb:GetItem',
        'dynamodb:Query',
      ]);
    }
  });

  it('none may delete or batch-write; the invitation look-up only reads', () => {
    for (const route of ROUTES.filter((r) => r.access === 'public')) {
      const granted = statementsOf(dev, functionId(dev, routeDescription(route))).flatMap(actions);
      expect(granted, route.name).not.toContain('dynamodb:DeleteItem');
      expect(granted, route.name).not.toContain('dynamodb:BatchWriteItem');
    }
    const inviter = tableStatements('invitationInviter').flatMap(actions);
    expect(inviter.sort()).toEqual(['dynamodb:BatchGetItem', 'dynamodb:GetItem', 'dynamodb:Query']);
  });
});

describe('signing out after a password reset', () => {
  it.each([
    ['dev', dev],
    ['prod', prod],
  ])('%s: on the stage’s own pool only, in a policy the trigger does not wait for', (_, s) => {
    const pool = logicalIdWhere(s.template, 'AWS::Cognito::UserPool', () => true);
    const id = postConfirmationId(s);
    const signOut = statementsOf(s, id).filter((st) => actions(st).some((a) => a.startsWith('cognito-idp:')));
    expect(signOut).toEqual([
      {
        Effect: 'Allow',
        Action: 'cognito-idp:AdminUserGlobalSignOut',
        Resource: { 'Fn::GetAtt': [pool, 'Arn'] },
      },
    ]);
    expect(JSON.stringify(resourcesOfType(s.template, 'AWS::IAM::Policy'))).not.toContain(':userpool/*');
    expect(dependencyCycle(s.template)).toBeUndefined();
  });
});

describe('the DVLA key', () => {
  // test/infra/dvla.test.ts holds the two readers in the template.
  it('is read by the look-up and the reminder job, as the deploy guide says', () => {
    const guide = readFileSync(new URL('../../docs/deploying.md', import.meta.url), 'utf8').replace(
      /\s+/g,
      ' ',
    );
    expect(guide).toContain(
      "`DVLA_API_KEY_SECRET_ID` (that secret's name, on the look-up's function and the reminder job",
    );
    expect(guide).not.toContain("on the look-up's function only");
  });
});
