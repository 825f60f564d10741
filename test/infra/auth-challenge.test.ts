/**
 * The confirmation link's one sign-in on AWS (decision 0023): the custom auth flow's three triggers are
 * the pool's, the web client allows CUSTOM_AUTH (and still no SRP or admin flow), and each trigger has
 * only what it needs: Define and Create nothing but their own logs, Verify one conditional delete in users'
 * partitions, PostConfirmation (which stores the verifier) its table access as before.
 */
import { describe, expect, it } from 'vitest';
import {
  devAndProd,
  actionsOfFunction,
  logicalIdWhere,
  resourcesOfType,
  type Synthesized,
} from './harness.ts';
import { LOG_WRITE } from './stack-helpers.ts';

const { dev, prod } = devAndProd();

const functionId = (s: Synthesized, description: RegExp) =>
  logicalIdWhere(s.template, 'AWS::Lambda::Function', (p) => description.test(String(p.Description)));

const defineId = (s: Synthesized) => functionId(s, /^Cognito DefineAuthChallenge/);
const createId = (s: Synthesized) => functionId(s, /^Cognito CreateAuthChallenge/);
const verifyId = (s: Synthesized) => functionId(s, /^Cognito VerifyAuthChallengeResponse/);

type Statement = { Effect: string; Action: string | string[]; Resource: unknown; Condition?: unknown };

/**
 * What every function has (lib/function.ts): X-Ray's two actions where the stage traces, and the
 * writes to its own log group (test/infra/least-privilege.test.ts).
 */
const isTracing = (action: string) => action.startsWith('xray:') || LOG_WRITE.includes(action);

/** The actions of a function's role beyond what every function has. */
const ownActions = (s: Synthesized, id: string) =>
  new Set([...actionsOfFunction(s.template, id)].filter((a) => !isTracing(a)));

/** The policy statements attached to a function's role, beyond the tracing one. */
function statementsOf(s: Synthesized, functionLogicalId: string): Statement[] {
  const fn = resourcesOfType(s.template, 'AWS::Lambda::Function')[functionLogicalId]!;
  const roleId = (fn.Properties!.Role as { 'Fn::GetAtt': [string] })['Fn::GetAtt'][0];
  return Object.values(resourcesOfType(s.template, 'AWS::IAM::Policy'))
    .filter((p) => (p.Properties?.Roles as { Ref: string }[]).some((r) => r.Ref === roleId))
    .flatMap((p) => (p.Properties!.PolicyDocument as { Statement: Statement[] }).Statement)
    .filter((st) => ![st.Action].flat().every(isTracing));
}

describe('the confirmation link sign-in (custom auth)', () => {
  it('wires DefineAuthChallenge, CreateAuthChallenge and VerifyAuthChallengeResponse to the pool', () => {
    for (const s of [dev, prod]) {
      s.template.hasResourceProperties('AWS::Cognito::UserPool', {
        LambdaConfig: {
          DefineAuthChallenge: { 'Fn::GetAtt': [defineId(s), 'Arn'] },
          CreateAuthChallenge: { 'Fn::GetAtt': [createId(s), 'Arn'] },
          VerifyAuthChallengeResponse: { 'Fn::GetAtt': [verifyId(s), 'Arn'] },
        },
      });
      for (const id of [defineId(s), createId(s), verifyId(s)]) {
        s.template.hasResourceProperties('AWS::Lambda::Permission', {
          Action: 'lambda:InvokeFunction',
          FunctionName: { 'Fn::GetAtt': [id, 'Arn'] },
          Principal: 'cognito-idp.amazonaws.com',
        });
      }
    }
  });

  it('lets the web client use CUSTOM_AUTH beside the password, and no SRP or admin flow', () => {
    const clients = Object.values(resourcesOfType(dev.template, 'AWS::Cognito::UserPoolClient'));
    expect(clients).toHaveLength(1);
    const flows = clients[0]!.Properties!.ExplicitAuthFlows as string[];
    expect([...flows].sort()).toEqual([
      'ALLOW_CUSTOM_AUTH',
      'ALLOW_REFRESH_TOKEN_AUTH',
      'ALLOW_USER_PASSWORD_AUTH',
    ]);
    // Existence errors stay hidden: an unknown address is asked the challenge like a known one.
    expect(clients[0]!.Properties!.PreventUserExistenceErrors).toBe('ENABLED');
  });

  it('gives Define and Create no rights at all (they read only the event)', () => {
    for (const s of [dev, prod]) {
      expect(ownActions(s, defineId(s))).toEqual(new Set());
      expect(ownActions(s, createId(s))).toEqual(new Set());
    }
  });

  it('lets Verify delete items in users’ partitions of the one table, and do nothing else', () => {
    for (const s of [dev, prod]) {
      const tableId = logicalIdWhere(s.template, 'AWS::DynamoDB::Table', () => true);
      expect(statementsOf(s, verifyId(s))).toEqual([
        {
          Effect: 'Allow',
          Action: 'dynamodb:DeleteItem',
          // The table only: not its indexes, no wildcard.
          Resource: { 'Fn::GetAtt': [tableId, 'Arn'] },
          Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['USER#*'] } },
        },
      ]);
    }
  });

  it('keeps PostConfirmation, which stores the verifier, able to write it', () => {
    const postConfirmation = functionId(dev, /^Cognito PostConfirmation/);
    expect(actionsOfFunction(dev.template, postConfirmation)).toContain('dynamodb:PutItem');
  });

  it('gives the challenge triggers the table name and no reference back to the pool (no cycle)', () => {
    for (const s of [dev, prod]) {
      const poolId = logicalIdWhere(s.template, 'AWS::Cognito::UserPool', () => true);
      for (const id of [defineId(s), createId(s), verifyId(s)]) {
        const fn = resourcesOfType(s.template, 'AWS::Lambda::Function')[id]!;
        const env = (fn.Properties!.Environment as { Variables: Record<string, unknown> }).Variables;
        expect(env).toHaveProperty('TABLE_NAME');
        expect(env).not.toHaveProperty('USER_POOL_ID');
        expect(JSON.stringify([fn, statementsOf(s, id)]), id).not.toContain(poolId);
      }
    }
  });
});
