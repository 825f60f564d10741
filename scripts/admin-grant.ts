/**
 * `npm run admin:grant -- <email>`: adds a user to the `admin` group on the running local stack.
 * `npm run admin:grant -- <email> --stage NAME`: the same on a deployed stage (AWS credentials in the
 * environment; the user pool id is read from the stack's outputs). The user signs in again to get
 * a token that carries the group.
 */
import { parseArgs } from 'node:util';
import {
  AdminAddUserToGroupCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { ADMIN_GROUP } from '../shared/identity.ts';
import { signInSchema } from '../shared/schemas/account.ts';
import { attachToRunningStack } from '../lib/local/running.ts';

const { values, positionals } = parseArgs({ options: { stage: { type: 'string' } }, allowPositionals: true });
const email = positionals[0] ?? '';
if (!signInSchema.shape.email.safeParse(email).success) {
  console.error('Usage: npm run admin:grant -- <email> [--stage NAME]');
  process.exit(2);
}

let client: CognitoIdentityProviderClient;
let userPoolId: string;
if (values.stage) {
  const stackName = `RenewalReminders-${values.stage}`;
  const { Stacks } = await new CloudFormationClient({}).send(
    new DescribeStacksCommand({ StackName: stackName }),
  );
  const output = Stacks?.[0]?.Outputs?.find((o) => o.OutputKey === 'UserPoolId')?.OutputValue;
  if (!output) {
    console.error(`No UserPoolId output on ${stackName}: is the stage deployed?`);
    process.exit(1);
  }
  userPoolId = output;
  client = new CognitoIdentityProviderClient({});
} else {
  try {
    const stack = attachToRunningStack();
    userPoolId = stack.userPoolId;
    client = new CognitoIdentityProviderClient({
      region: 'eu-west-2',
      endpoint: stack.cognitoEndpoint,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}

try {
  await client.send(
    new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: email, GroupName: ADMIN_GROUP }),
  );
  console.log(
    `${email} is now an admin${values.stage ? ` on ${values.stage}` : ' on the local stack'}. They sign in again to use it.`,
  );
} catch (error) {
  console.error(`Could not grant admin to ${email}: ${(error as Error).message}`);
  process.exit(1);
}
