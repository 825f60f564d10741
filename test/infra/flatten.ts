import { type CfnResource, NestedStack, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';

type Json = Record<string, unknown>;
interface TemplateJson {
  Resources: Record<string, Json & { DependsOn?: string | string[]; Properties?: Json }>;
  Outputs?: Record<string, { Value: unknown }>;
  [section: string]: unknown;
}

/** Every value in `value`, rewritten bottom-up by `rewrite` (which returns undefined to keep one). */
function mapJson(value: unknown, rewrite: (node: Json) => unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => mapJson(v, rewrite));
  if (value === null || typeof value !== 'object') return value;
  const mapped = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapJson(v, rewrite)]));
  return rewrite(mapped) ?? mapped;
}

const single = (node: Json) => Object.keys(node).length === 1;

/**
 * The nested stack's template with its parameters replaced by what the parent passes for them, so a
 * `{ Ref: referencetoTable…Ref }` reads `{ Ref: Table… }` as in a single template.
 */
function withParameters(template: TemplateJson, parameters: Json): TemplateJson {
  return mapJson(template, (node) => {
    if (single(node) && typeof node.Ref === 'string' && node.Ref in parameters) return parameters[node.Ref];
    if (single(node) && 'Fn::Sub' in node) {
      const text = String([node['Fn::Sub']].flat()[0]);
      const used = [...text.matchAll(/\$\{([A-Za-z0-9]+)\}/g)].map(([, id]) => id!);
      if (used.some((id) => id in parameters)) throw new Error(`Fn::Sub of a nested parameter: ${text}`);
    }
    return undefined;
  }) as TemplateJson;
}

/**
 * The template of `stack` with each of its nested stacks merged in, as one template would hold them:
 * nested parameters read as the parent's values, the parent's `Fn::GetAtt [Nested, Outputs.X]` as
 * the nested output's value, a DependsOn on a nested stack as one on each of its resources. The tests
 * check what each function is given through this view; the limits test reads each stack alone.
 */
export function flatTemplate(stack: Stack): Template {
  return Template.fromJSON(flatJson(stack));
}

function flatJson(stack: Stack): TemplateJson {
  let template = Template.fromStack(stack).toJSON() as TemplateJson;
  const nestedStacks = stack.node
    .findAll()
    .filter((node): node is NestedStack => node instanceof NestedStack && node.nestedStackParent === stack);
  for (const nested of nestedStacks) {
    const resourceId = stack.getLogicalId(nested.nestedStackResource as CfnResource);
    const parameters = (template.Resources[resourceId]?.Properties?.Parameters ?? {}) as Json;
    const inner = withParameters(flatJson(nested), parameters);
    const innerIds = Object.keys(inner.Resources);
    const { [resourceId]: _stackResource, ...resources } = template.Resources;
    for (const id of innerIds) {
      if (id in resources) throw new Error(`Logical id ${id} is in ${stack.stackName} and a nested stack`);
      resources[id] = inner.Resources[id]!;
    }
    for (const section of ['Conditions', 'Mappings'] as const)
      if (inner[section]) template[section] = { ...(template[section] as Json), ...(inner[section] as Json) };
    template = mapJson({ ...template, Resources: resources }, (node) => {
      const getAtt = node['Fn::GetAtt'];
      if (!single(node) || !Array.isArray(getAtt) || getAtt[0] !== resourceId) return undefined;
      const output = String(getAtt[1]).replace(/^Outputs\./, '');
      return inner.Outputs?.[output]?.Value ?? fail(`${resourceId} has no output ${output}`);
    }) as TemplateJson;
    for (const resource of Object.values(template.Resources)) {
      const dependsOn = [resource.DependsOn ?? []].flat();
      if (dependsOn.includes(resourceId))
        resource.DependsOn = [...dependsOn.filter((id) => id !== resourceId), ...innerIds];
    }
  }
  return template;
}

const fail = (why: string): never => {
  throw new Error(why);
};
