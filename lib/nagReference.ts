import { type CfnElement, Names, Stack } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/**
 * How cdk-nag names an attribute of `element` in a finding on `scope` (an IAM5 resource, say):
 * `<LogicalId.Arn>` when both are in one stack; in a nested stack (the route stacks, decision 0040)
 * the value arrives as the parameter CDK makes for it, `<referenceto{uniqueId}{attribute}>`.
 */
export function nagReference(scope: IConstruct, element: CfnElement, attribute: string): string {
  if (Stack.of(scope) === Stack.of(element))
    return `<${Stack.of(element).getLogicalId(element)}.${attribute}>`;
  return `<${`referenceto${Names.nodeUniqueId(element.node)}${attribute}`.replace(/[^A-Za-z0-9]/g, '')}>`;
}
