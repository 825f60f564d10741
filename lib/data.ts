import { Validations } from 'aws-cdk-lib';
import {
  AttributeType,
  BillingMode,
  type CfnTable,
  ProjectionType,
  Table,
  TableEncryption,
} from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { TABLE_KEYS, TTL_ATTRIBUTE } from '../shared/table.ts';
import { nagReference } from './nagReference.ts';
import { removalPolicy, type StageConfig } from './config.ts';
import type { TableAccess } from './routeRights.ts';

/**
 * The table actions a function may be granted: the item-level calls the stores make (GetCommand,
 * BatchGet, Query; Put, Update, Delete, BatchWrite, and the ConditionCheck of a transaction, which
 * needs the actions of its items). No Scan (no path scans: decision 0009), no DescribeTable, no streams.
 */
export const TABLE_ACTIONS = {
  read: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'],
  write: [
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:BatchWriteItem',
    'dynamodb:ConditionCheckItem',
  ],
} as const;

export interface DataProps {
  config: StageConfig;
}

/**
 * The one DynamoDB table. Key names come from shared/table.ts, which the local stack's CreateTable
 * reads too. On-demand billing, point-in-time recovery, encrypted at rest with an AWS-managed KMS key;
 * in prod it survives the stack's deletion and cannot be deleted by accident.
 */
export class Data extends Construct {
  readonly table: Table;

  constructor(scope: Construct, id: string, props: DataProps) {
    super(scope, id);
    const { isProd } = props.config;
    this.table = new Table(this, 'Table', {
      partitionKey: { name: TABLE_KEYS.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE_KEYS.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      encryption: TableEncryption.AWS_MANAGED,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      // Items with this attribute (epoch seconds) expire, e.g. the rate-limit windows of the public
      // routes (lambdas/store/rateLimits/). Correctness never depends on expiry: it is housekeeping.
      timeToLiveAttribute: TTL_ATTRIBUTE,
      deletionProtection: isProd,
      removalPolicy: removalPolicy(props.config),
    });
    // Reminders due on a date, for the reminder job (gsi1pk = DUE#{date}#{shard}): no Scan on any path.
    this.table.addGlobalSecondaryIndex({
      indexName: TABLE_KEYS.dueIndex.name,
      partitionKey: { name: TABLE_KEYS.dueIndex.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE_KEYS.dueIndex.sortKey, type: AttributeType.STRING },
      projectionType: ProjectionType.ALL,
    });
  }

  /** Read access (GetItem, BatchGetItem, Query on the table and its indexes) for a function. */
  grantRead(fn: IFunction): void {
    this.table.grant(fn, ...TABLE_ACTIONS.read);
    this.acknowledgeIndexWildcard(fn);
  }

  /** Read and write access (TABLE_ACTIONS) for a function. */
  grantReadWrite(fn: IFunction): void {
    this.table.grant(fn, ...TABLE_ACTIONS.read, ...TABLE_ACTIONS.write);
    this.acknowledgeIndexWildcard(fn);
  }

  /**
   * Exactly the access a route's handler needs (ROUTE_TABLE_ACCESS): reads if it reads, and only its
   * writes, on the table itself (not its index), conditioned on the partitions it writes in.
   */
  grantItems(fn: IFunction, access: TableAccess): void {
    if (access.reads) this.grantRead(fn);
    if (!access.writes) return;
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: [...access.writes.actions],
        resources: [this.table.tableArn],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...access.writes.partitions] } },
      }),
    );
  }

  /** The grant covers {table}/index/* so that Query on gsi1 works: the only wildcard, scoped to this table. */
  private acknowledgeIndexWildcard(fn: IFunction): void {
    const table = nagReference(fn, this.table.node.defaultChild as CfnTable, 'Arn');
    Validations.of(fn).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${table}/index/*]`,
      reason:
        "Table grants include the table's own indexes ({table}/index/*): the reminder job queries gsi1.",
    });
  }
}
