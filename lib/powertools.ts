/**
 * Powertools for AWS Lambda (TypeScript) comes from its official Lambda layer, not from the bundles:
 * the bundles leave `@aws-lambda-powertools/*` out (lib/bundles.ts) and every function of ours gets
 * the layer (lib/function.ts). The Tracer brings aws-xray-sdk-core (about 126 KB a bundle), which
 * would have pushed the reminder routes past the 300 KB budget; from the layer it costs no bundle
 * byte, and Logger and Metrics leave the bundles too.
 *
 * The layer is the one AWS publishes for the version installed here, resolved at deploy time from
 * the public SSM parameter `/aws/service/powertools/typescript/generic/all/{version}` (a
 * CloudFormation parameter of type AWS::SSM::Parameter::Value<String>; the synth needs no account).
 * So the code Lambda runs is the version the tests ran: `npm install` of another Powertools version
 * moves the layer with it, and the versions of the Powertools packages must agree (checked here at
 * synth). Not `latest`: a new release would change a deployed function's code without a change here.
 * docs/operations.md#tracing has the why.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Stack } from 'aws-cdk-lib';
import { type ILayerVersion, LayerVersion } from 'aws-cdk-lib/aws-lambda';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import type { Construct } from 'constructs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The npm scope the layer provides: the bundles leave it external. */
export const POWERTOOLS_SCOPE = '@aws-lambda-powertools';

/** Whether a package the bundles import comes from the layer. */
export const isLayerPackage = (name: string) => name.startsWith(`${POWERTOOLS_SCOPE}/`);

/** Every Powertools package the functions load: our dependencies of the scope, and their commons. */
export function powertoolsPackages(root = ROOT): string[] {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  const ours = Object.keys(manifest.dependencies ?? {}).filter(isLayerPackage);
  return [...new Set([...ours, `${POWERTOOLS_SCOPE}/commons`])].sort();
}

/**
 * The one installed version of every Powertools package (node_modules). Differing versions would
 * leave the layer, which holds one version of them all, running code the tests did not: refused.
 */
export function powertoolsVersion(root = ROOT): string {
  const versions = new Map(
    powertoolsPackages(root).map((name) => {
      const manifest = JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as {
        version: string;
      };
      return [name, manifest.version];
    }),
  );
  const distinct = new Set(versions.values());
  if (distinct.size !== 1) {
    const listed = [...versions].map(([name, version]) => `${name}@${version}`).join(', ');
    throw new Error(
      `The Powertools packages must share one version (the layer holds one): ${listed}. Install them at one version.`,
    );
  }
  return [...distinct][0]!;
}

/** The public SSM parameter that holds the layer's ARN for a Powertools version, in every commercial region. */
export const powertoolsLayerParameter = (version = powertoolsVersion()) =>
  `/aws/service/powertools/typescript/generic/all/${version}`;

/**
 * The Powertools layer of the installed version, one per stack: its ARN a CloudFormation parameter
 * resolved from SSM when the stack deploys (in the stack's region), an ARN of AWS's publishing
 * account: arn:aws:lambda:{region}:094274105915:layer:AWSLambdaPowertoolsTypeScriptV2:{n}. The
 * parameter is the top-level stack's; a nested stack gets its resolved value from it.
 */
export function powertoolsLayer(scope: Construct): ILayerVersion {
  const stack = Stack.of(scope);
  const id = 'PowertoolsLayer';
  const existing = stack.node.tryFindChild(id) as ILayerVersion | undefined;
  if (existing) return existing;
  let top = stack;
  while (top.nestedStackParent) top = top.nestedStackParent;
  const arn = StringParameter.valueForStringParameter(top, powertoolsLayerParameter());
  return LayerVersion.fromLayerVersionArn(stack, id, arn);
}
