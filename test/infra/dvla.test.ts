/**
 * The DVLA look-up on AWS: off unless the stage names the secret holding its key (context
 * `dvlaKeySecret`); then the look-up's function and the reminder job (which re-checks kept
 * registrations) alone may read that secret and get its name, and the SPA's config function gets only
 * the service's address (so the button shows).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { DVLA_API_URL, readStageConfig } from '../../lib/config.ts';
import { API, type RouteDef } from '../../shared/routes.ts';
import {
  actionsOfFunction,
  cleanUp,
  logicalIdWhere,
  newApp,
  resourcesOfType,
  synth,
  type Synthesized,
} from './harness.ts';
import { envOf, functionId, routeDescription } from './stack-helpers.ts';

afterAll(cleanUp);

const SECRET = 'renewal-reminders/dev/dvla-api-key';
const functionOf = (s: Synthesized, route: RouteDef) => functionId(s, routeDescription(route));
const environmentOf = envOf;
/** Whether a policy on the function's role names the secret. */
const readsSecretNamed = (s: Synthesized, fn: string, name: string) => {
  const role = resourcesOfType(s.template, 'AWS::Lambda::Function')[fn]!.Properties!.Role as {
    'Fn::GetAtt': [string, string];
  };
  return Object.values(resourcesOfType(s.template, 'AWS::IAM::Policy')).some(
    (p) =>
      JSON.stringify(p.Properties!.Roles).includes(JSON.stringify({ Ref: role['Fn::GetAtt'][0] })) &&
      JSON.stringify(p.Properties!.PolicyDocument).includes(`:secret:${name}-`),
  );
};
const readsSecrets = (s: Synthesized, id: string) =>
  actionsOfFunction(s.template, id).has('secretsmanager:GetSecretValue');

describe('the DVLA look-up on AWS', () => {
  it('is off without a key: no function has its address or a right to read a key', () => {
    const s = synth();
    for (const fn of Object.keys(resourcesOfType(s.template, 'AWS::Lambda::Function'))) {
      expect(environmentOf(s, fn)).not.toHaveProperty('DVLA_API_URL');
      expect(environmentOf(s, fn)).not.toHaveProperty('DVLA_API_KEY_SECRET_ID');
      expect(environmentOf(s, fn)).not.toHaveProperty('DVLA_API_KEY');
    }
  });

  it('with the secret named, the look-up and the job alone read it; the config says the button shows', () => {
    const s = synth({ dvlaKeySecret: SECRET });
    const lookUp = functionOf(s, API.lookUpVehicle);
    const config = functionOf(s, API.getConfig);
    expect(environmentOf(s, lookUp)).toMatchObject({ DVLA_API_URL, DVLA_API_KEY_SECRET_ID: SECRET });
    expect(readsSecrets(s, lookUp)).toBe(true);
    expect(JSON.stringify(s.template.toJSON())).toContain(`:secret:${SECRET}-??????`);
    expect(environmentOf(s, config)).toMatchObject({ DVLA_API_URL });
    expect(environmentOf(s, config)).not.toHaveProperty('DVLA_API_KEY_SECRET_ID');
    const holders = Object.keys(resourcesOfType(s.template, 'AWS::Lambda::Function')).filter(
      (fn) => 'DVLA_API_KEY_SECRET_ID' in environmentOf(s, fn),
    );
    const job = logicalIdWhere(s.template, 'AWS::Lambda::Function', (p) =>
      String(p.Description).startsWith('Reminder job'),
    );
    expect(holders.sort()).toEqual([lookUp, job].sort());
    expect(environmentOf(s, job)).toMatchObject({ DVLA_API_URL, DVLA_API_KEY_SECRET_ID: SECRET });
    expect(readsSecrets(s, job)).toBe(true);
    const readers = Object.keys(resourcesOfType(s.template, 'AWS::Lambda::Function')).filter((fn) =>
      readsSecretNamed(s, fn, SECRET),
    );
    expect(readers.sort()).toEqual([lookUp, job].sort());
  });

  it('refuses a context that is not a secret name, or an address without a key', () => {
    const config = (context: Record<string, string>) => () => readStageConfig(newApp({ context }).node);
    expect(config({ dvlaKeySecret: 'arn:aws:secretsmanager:eu-west-2:1:secret:x' })).toThrow(/secret name/);
    expect(config({ dvlaKeySecret: 'a key with spaces' })).toThrow(/secret name/);
    expect(config({ dvlaApiUrl: 'https://uat.driver-vehicle-licensing.api.gov.uk' })).toThrow(
      /needs -c dvlaKeySecret/,
    );
    expect(config({ dvlaKeySecret: SECRET, dvlaApiUrl: 'http://insecure.example' })).toThrow(/https origin/);
    expect(readStageConfig(newApp({ context: { dvlaKeySecret: SECRET } }).node).dvla).toEqual({
      keySecretName: SECRET,
      apiUrl: DVLA_API_URL,
    });
  });
});
