import { spawnSync } from 'node:child_process';
import type { Finding } from './finding.ts';

/** What preflight needs to know of an ACM certificate. */
export interface CertificateDescription {
  /** ISSUED, PENDING_VALIDATION, EXPIRED, … */
  status: string;
  /** The domain name and the subject alternative names it covers. */
  names: readonly string[];
}

/** Describes a certificate in its region; undefined when there is none by that ARN. */
export type CertificateLookup = (arn: string, region: string) => Promise<CertificateDescription | undefined>;

/** The region of an ACM certificate's ARN (arn:aws:acm:{region}:{account}:certificate/{id}). */
export const certificateRegion = (arn: string) => arn.split(':')[3] ?? '';

/** Whether a certificate name covers a host: the same name, or a wildcard for exactly one label more. */
export function covers(names: readonly string[], host: string): boolean {
  const wanted = host.toLowerCase();
  return names.some((raw) => {
    const name = raw.toLowerCase();
    if (name === wanted) return true;
    if (!name.startsWith('*.')) return false;
    const dot = wanted.indexOf('.');
    return dot > 0 && wanted.slice(dot + 1) === name.slice(2);
  });
}

/**
 * A certificate the stage names: it exists, is issued, covers `host`, and is in `region` (us-east-1
 * for CloudFront's, the stage's own for the API's).
 */
export async function certificateFinding(
  check: string,
  arn: string,
  host: string,
  region: string,
  lookup: CertificateLookup,
): Promise<Finding> {
  const inRegion = certificateRegion(arn);
  if (inRegion !== region)
    return { check, status: 'fail', message: `${arn} is in ${inRegion}; it must be in ${region}` };
  const certificate = await lookup(arn, region);
  if (!certificate)
    return {
      check,
      status: 'fail',
      message: `there is no certificate ${arn} in ${region}: request one for ${host} (aws acm request-certificate --region ${region} --domain-name ${host} --validation-method DNS) and put its ARN in the stage file`,
    };
  if (certificate.status !== 'ISSUED')
    return {
      check,
      status: 'fail',
      message: `${arn} is ${certificate.status}, not issued: ${certificate.status === 'PENDING_VALIDATION' ? 'publish its DNS validation records and wait until ACM issues it' : 'request a new one'}`,
    };
  if (!covers(certificate.names, host))
    return {
      check,
      status: 'fail',
      message: `${arn} covers ${certificate.names.join(', ')}, not ${host}`,
    };
  return { check, status: 'ok', message: `issued for ${host} in ${region}` };
}

/**
 * The lookup through the AWS CLI v2, which the deploy guide asks for (the project has no ACM SDK
 * client): `aws acm describe-certificate`. Throws what the CLI said when it is not a missing
 * certificate, so that preflight names the cause (no credentials, say).
 */
export const awsCliCertificateLookup: CertificateLookup = (arn, region) => {
  const run = spawnSync(
    'aws',
    ['acm', 'describe-certificate', '--certificate-arn', arn, '--region', region, '--output', 'json'],
    { encoding: 'utf8' },
  );
  if (run.error) return Promise.reject(new Error(`the AWS CLI could not run (${run.error.message})`));
  if (run.status !== 0) {
    if (/ResourceNotFoundException/.test(run.stderr)) return Promise.resolve(undefined);
    return Promise.reject(
      new Error(run.stderr.trim() || `aws acm describe-certificate exited ${run.status}`),
    );
  }
  return Promise.resolve(parseCertificate(run.stdout));
};

/** `aws acm describe-certificate` output, as preflight needs it. */
export function parseCertificate(json: string): CertificateDescription {
  const { Certificate } = JSON.parse(json) as {
    Certificate?: { Status?: string; DomainName?: string; SubjectAlternativeNames?: string[] };
  };
  return {
    status: Certificate?.Status ?? 'UNKNOWN',
    names: [
      ...new Set([
        ...(Certificate?.DomainName ? [Certificate.DomainName] : []),
        ...(Certificate?.SubjectAlternativeNames ?? []),
      ]),
    ],
  };
}
