import {
  CloudFormationClient,
  DeleteChangeSetCommand,
  DescribeChangeSetCommand,
} from '@aws-sdk/client-cloudformation';
import { describe, expect, it } from 'vitest';
import { discardChangeSet, preparedChanges, type Prepared } from '../../lib/deploy/changeSets.ts';
import { destructiveChanges, guardVerdict, type ResourceChange } from '../../lib/deploy/guard.ts';
import { guardedDeploy, splitDeployArgs, type DeploySteps } from '../../lib/deploy/guardedDeploy.ts';
import { stageTarget } from '../../lib/deploy/stageArgs.ts';
import { fakeClient } from '../support/fakeClient.ts';

const change = (
  type: string,
  action: ResourceChange['action'],
  logicalId = 'Resource1',
  extra: Partial<ResourceChange> = {},
): ResourceChange => ({ stack: 'RenewalReminders-prod', logicalId, type, action, ...extra });

/**
 * What the prod change set held when a deploy left out the stage's settings (`-c stage=prod` alone,
 * against a prod deployed with its domain, zone, certificates and alarm mail).
 */
const SETTINGS_LEFT_OUT: ResourceChange[] = [
  change('AWS::SES::EmailIdentity', 'Remove', 'MailDomainIdentity'),
  change('AWS::Route53::RecordSet', 'Remove', 'MailDmarc'),
  change('AWS::ApiGatewayV2::DomainName', 'Remove', 'ApiDomain'),
  change('AWS::Route53::RecordSet', 'Remove', 'ApiAliasA'),
  change('AWS::SNS::Subscription', 'Remove', 'AlarmsTopicOpsSubscription'),
  change('AWS::CloudWatch::Alarm', 'Remove', 'AlarmsSesBounceRate'),
  change('AWS::CloudFront::Distribution', 'Modify', 'WebDistribution', {
    paths: ['/Properties/DistributionConfig/Aliases', '/Properties/DistributionConfig/Comment'],
  }),
  change('AWS::Cognito::UserPool', 'Modify', 'AuthUserPool'),
  change('AWS::Lambda::Function', 'Modify', 'ApiGetMeFunction'),
];

describe('what the deploy guard refuses', () => {
  it('refuses each deletion of what a left-out setting took away, and the aliases the distribution loses', () => {
    const refused = destructiveChanges(SETTINGS_LEFT_OUT).map((r) => r.change.logicalId);
    expect(refused).toEqual([
      'MailDomainIdentity',
      'MailDmarc',
      'ApiDomain',
      'ApiAliasA',
      'AlarmsTopicOpsSubscription',
      'AlarmsSesBounceRate',
      'WebDistribution',
    ]);
    expect(
      destructiveChanges(SETTINGS_LEFT_OUT).find((r) => r.change.logicalId === 'WebDistribution')?.why,
    ).toBe("changes the site's domain names (aliases)");
  });

  it('refuses replacing the table, the pool or a secret, and deleting a log group or a nested stack', () => {
    const changes = [
      change('AWS::DynamoDB::Table', 'Replace', 'DataTable'),
      change('AWS::Cognito::UserPool', 'Replace', 'AuthUserPool'),
      change('AWS::SecretsManager::Secret', 'Replace', 'MailUnsubscribeKey'),
      change('AWS::Logs::LogGroup', 'Remove', 'ApiGetMeLogs'),
      change('AWS::CloudFormation::Stack', 'Remove', 'ApiRoutes3NestedStack'),
    ];
    expect(destructiveChanges(changes).map((r) => r.why)).toEqual([
      "replaces the table: every user's data",
      'replaces the user pool: every account and password',
      expect.stringMatching(/^replaces a secret/),
      'deletes a log group and its logs',
      'deletes a nested stack and everything in it',
    ]);
  });

  it('lets through what a deploy normally does: new resources, updated functions, replaced roles and routes', () => {
    const changes = [
      change('AWS::DynamoDB::Table', 'Modify', 'DataTable'),
      change('AWS::Lambda::Function', 'Replace', 'ApiGetMe'),
      change('AWS::IAM::Role', 'Replace', 'ApiGetMeRole'),
      change('AWS::IAM::Policy', 'Remove', 'ApiGetMeRoleDefaultPolicy'),
      change('AWS::ApiGatewayV2::Route', 'Remove', 'GETapiold'),
      change('AWS::Logs::LogGroup', 'Add', 'ApiNewLogs'),
      change('AWS::CloudFront::Distribution', 'Modify', 'WebDistribution', {
        paths: ['/Properties/DistributionConfig/DefaultCacheBehavior'],
      }),
      change('AWS::CloudFormation::Stack', 'Dynamic', 'ApiRoutes0NestedStack'),
    ];
    expect(destructiveChanges(changes)).toEqual([]);
    expect(guardVerdict(changes, false)).toMatchObject({ proceed: true, refusals: [] });
  });

  it('stops the deploy with the list and what to do, unless --allow-destroy', () => {
    const refused = guardVerdict(SETTINGS_LEFT_OUT, false);
    expect(refused.proceed).toBe(false);
    expect(refused.lines).toContain(
      '  Remove RenewalReminders-prod MailDomainIdentity (AWS::SES::EmailIdentity): deletes the SES domain identity: its verification, DKIM and MAIL FROM',
    );
    expect(refused.lines.join('\n')).toMatch(/stages\/\{stage\}\.json/);
    expect(refused.lines.join('\n')).toMatch(/--allow-destroy/);
    const allowed = guardVerdict(SETTINGS_LEFT_OUT, true);
    expect(allowed.proceed).toBe(true);
    expect(allowed.refusals).toHaveLength(7);
  });
});

/** CloudFormation answering each change set's description with `describeSet`, each deletion with `deleteSet`. */
const cloudFormationOf = (
  describeSet: (input: DescribeChangeSetCommand['input']) => unknown,
  deleteSet: (input: DeleteChangeSetCommand['input']) => unknown = () => ({}),
) =>
  fakeClient<CloudFormationClient>((command) => {
    if (command instanceof DescribeChangeSetCommand) return describeSet(command.input);
    if (command instanceof DeleteChangeSetCommand) return deleteSet(command.input);
    throw new Error(`not expected: ${command.constructor.name}`);
  });

describe('the changes of a prepared change set', () => {
  it('reads every page, marks a replacing Modify as Replace, and follows each nested stack’s change set', async () => {
    const firstPage = {
      Status: 'CREATE_COMPLETE',
      NextToken: 'page2',
      Changes: [
        {
          Type: 'Resource',
          ResourceChange: {
            Action: 'Modify',
            LogicalResourceId: 'DataTable',
            ResourceType: 'AWS::DynamoDB::Table',
            Replacement: 'True',
          },
        },
      ],
    };
    const secondPage = {
      Status: 'CREATE_COMPLETE',
      Changes: [
        {
          Type: 'Resource',
          ResourceChange: {
            Action: 'Modify',
            LogicalResourceId: 'ApiRoutes2NestedStack',
            ResourceType: 'AWS::CloudFormation::Stack',
            Replacement: 'False',
            ChangeSetId: 'arn:nested-change-set',
          },
        },
        {
          Type: 'Resource',
          ResourceChange: {
            Action: 'Modify',
            LogicalResourceId: 'WebDistribution',
            ResourceType: 'AWS::CloudFront::Distribution',
            Replacement: 'False',
            Details: [
              { Target: { Attribute: 'Properties', Path: '/Properties/DistributionConfig/Aliases' } },
            ],
          },
        },
      ],
    };
    const nested = {
      Status: 'CREATE_COMPLETE',
      Changes: [
        {
          Type: 'Resource',
          ResourceChange: {
            Action: 'Remove',
            LogicalResourceId: 'GETapime',
            ResourceType: 'AWS::ApiGatewayV2::Route',
          },
        },
      ],
    };
    const cloudFormation = cloudFormationOf((input) => {
      if (input.ChangeSetName === 'arn:nested-change-set') return nested;
      expect([input.StackName, input.ChangeSetName]).toEqual(['RenewalReminders-prod', 'c1']);
      return input.NextToken === 'page2' ? secondPage : firstPage;
    });
    const prepared = (await preparedChanges(cloudFormation.client, 'RenewalReminders-prod', 'c1')) as Exclude<
      Prepared,
      'none'
    >;
    expect(prepared.changes).toEqual([
      change('AWS::DynamoDB::Table', 'Replace', 'DataTable'),
      change('AWS::CloudFormation::Stack', 'Modify', 'ApiRoutes2NestedStack'),
      // A nested stack's changes follow its own.
      {
        stack: 'RenewalReminders-prod/ApiRoutes2NestedStack',
        logicalId: 'GETapime',
        type: 'AWS::ApiGatewayV2::Route',
        action: 'Remove',
      },
      change('AWS::CloudFront::Distribution', 'Modify', 'WebDistribution', {
        paths: ['/Properties/DistributionConfig/Aliases'],
      }),
    ]);
    const described = cloudFormation.inputsOf(DescribeChangeSetCommand);
    expect(described.map((input) => input.NextToken)).toEqual([undefined, 'page2', undefined]);
    expect(described.every((input) => input.IncludePropertyValues)).toBe(true);
  });

  it('is nothing for a change set without changes, or one CDK did not make (a stack it skipped)', async () => {
    const { client } = cloudFormationOf((input) => {
      if (input.StackName === 'RenewalReminders-prod-edge')
        throw Object.assign(new Error('ChangeSet c1 does not exist'), { name: 'ChangeSetNotFoundException' });
      return { Status: 'FAILED', StatusReason: "The submitted information didn't contain changes." };
    });
    expect(await preparedChanges(client, 'RenewalReminders-prod', 'c1')).toBe('none');
    expect(await preparedChanges(client, 'RenewalReminders-prod-edge', 'c1')).toBe('none');
  });

  it('passes on other errors (no credentials is not "no changes")', async () => {
    const { client } = cloudFormationOf(() => {
      throw new Error('Could not load credentials from any providers');
    });
    await expect(preparedChanges(client, 'RenewalReminders-prod', 'c1')).rejects.toThrow('credentials');
  });

  it('deletes a change set, and a missing one is already gone', async () => {
    let deleted = false;
    const cloudFormation = cloudFormationOf(
      () => undefined,
      () => {
        if (deleted) throw Object.assign(new Error('gone'), { name: 'ChangeSetNotFoundException' });
        deleted = true;
        return {};
      },
    );
    await discardChangeSet(cloudFormation.client, 'RenewalReminders-prod', 'c1');
    await discardChangeSet(cloudFormation.client, 'RenewalReminders-prod', 'c1');
    expect(cloudFormation.inputsOf(DeleteChangeSetCommand)).toHaveLength(2);
    expect(cloudFormation.inputsOf(DeleteChangeSetCommand)[0]).toEqual({
      StackName: 'RenewalReminders-prod',
      ChangeSetName: 'c1',
    });
  });
});

describe('a guarded deploy', () => {
  const target = stageTarget({ stage: 'prod' });
  const [edge, main] = target.stacks;

  function fakeSteps(prepared: Record<string, Prepared>, failing?: string) {
    const calls: string[] = [];
    const lines: string[] = [];
    const steps: DeploySteps = {
      cdk: (args) => {
        calls.push(`cdk ${args.join(' ')}`);
        return Promise.resolve(failing && args.includes(failing) ? 1 : 0);
      },
      prepared: (stack) => Promise.resolve(prepared[stack.name]!),
      discard: (stack, name) => {
        calls.push(`discard ${stack.name} ${name}`);
        return Promise.resolve();
      },
      log: (line) => lines.push(line),
    };
    return { steps, calls, lines };
  }

  it('takes --allow-destroy out of what goes to cdk', () => {
    expect(splitDeployArgs(['-c', 'stage=prod', '--allow-destroy', '--all'])).toEqual({
      cdkArgs: ['-c', 'stage=prod'],
      allowDestroy: true,
    });
    expect(splitDeployArgs(['-c', 'stage=prod']).allowDestroy).toBe(false);
  });

  it('refuses a destructive change set: nothing executed, every change set deleted, exit 1', async () => {
    const { steps, calls, lines } = fakeSteps({
      [edge!.name]: 'none',
      [main!.name]: { changes: SETTINGS_LEFT_OUT },
    });
    expect(await guardedDeploy(target, ['-c', 'stage=prod'], false, 'c1', steps)).toBe(1);
    expect(calls).toEqual([
      'cdk deploy --all -c stage=prod --method=prepare-change-set --change-set-name c1',
      'discard RenewalReminders-prod-edge c1',
      'discard RenewalReminders-prod c1',
    ]);
    expect(lines[0]).toBe('This deploy would delete or replace what the stage keeps:');
  });

  it('executes the checked change sets, edge stack first, with --allow-destroy or when nothing is destroyed', async () => {
    for (const [changes, allow] of [
      [SETTINGS_LEFT_OUT, true],
      [[change('AWS::Lambda::Function', 'Modify')], false],
    ] as const) {
      const { steps, calls } = fakeSteps({
        [edge!.name]: { changes: [change('AWS::WAFv2::WebACL', 'Modify')] },
        [main!.name]: { changes },
      });
      expect(await guardedDeploy(target, ['-c', 'stage=prod'], allow, 'c1', steps)).toBe(0);
      expect(calls.slice(1)).toEqual([
        'cdk deploy RenewalReminders-prod-edge --exclusively -c stage=prod --method=execute-change-set --change-set-name c1',
        'cdk deploy RenewalReminders-prod --exclusively -c stage=prod --method=execute-change-set --change-set-name c1',
      ]);
    }
  });

  it('skips a stack without changes, and stops at the first stack that fails', async () => {
    const quiet = fakeSteps({ [edge!.name]: 'none', [main!.name]: { changes: [] } });
    expect(await guardedDeploy(target, [], false, 'c1', quiet.steps)).toBe(0);
    expect(quiet.calls.slice(1)).toEqual([
      'discard RenewalReminders-prod-edge c1',
      'cdk deploy RenewalReminders-prod --exclusively --method=execute-change-set --change-set-name c1',
    ]);
    const failing = fakeSteps(
      { [edge!.name]: { changes: [] }, [main!.name]: { changes: [] } },
      'RenewalReminders-prod-edge',
    );
    expect(await guardedDeploy(target, [], false, 'c1', failing.steps)).toBe(1);
    expect(failing.calls).toHaveLength(2);
  });

  it('stops when the change sets cannot be prepared', async () => {
    const { steps, calls } = fakeSteps({}, '--method=prepare-change-set');
    expect(await guardedDeploy(target, [], false, 'c1', steps)).toBe(1);
    expect(calls).toHaveLength(1);
  });
});
