import { Arn, CfnOutput, Stack, Validations } from 'aws-cdk-lib';
import { Grant, type IGrantable } from 'aws-cdk-lib/aws-iam';
import { PublicHostedZone } from 'aws-cdk-lib/aws-route53';
import {
  ConfigurationSet,
  ConfigurationSetTlsPolicy,
  EmailIdentity,
  Identity,
  SuppressionReasons,
} from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';
import type { StageConfig } from './config.ts';

export interface MailProps {
  config: StageConfig;
}

/**
 * SES v2: a configuration set every send goes through (account suppression list for bounces and
 * complaints, TLS required, reputation metrics) and, when the stage has a domain, the domain identity
 * the product sends from.
 *
 * The domain must be verified before mail flows (and before Cognito can send through SES): with
 * `-c hostedZoneId=…` the DKIM records are created in that Route 53 zone; otherwise publish the three
 * CNAMEs from the DkimRecord outputs. A new SES account is in the sandbox until production access is
 * granted.
 */
export class Mail extends Construct {
  readonly configurationSet: ConfigurationSet;
  readonly identity?: EmailIdentity;

  constructor(scope: Construct, id: string, props: MailProps) {
    super(scope, id);
    const { config } = props;
    this.configurationSet = new ConfigurationSet(this, 'ConfigurationSet', {
      suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS,
      tlsPolicy: ConfigurationSetTlsPolicy.REQUIRE,
      reputationMetrics: true,
      sendingEnabled: true,
    });

    if (config.domain) {
      const identity = config.hostedZoneId
        ? Identity.publicHostedZone(
            PublicHostedZone.fromHostedZoneAttributes(this, 'Zone', {
              hostedZoneId: config.hostedZoneId,
              zoneName: config.domain,
            }),
          )
        : Identity.domain(config.domain);
      this.identity = new EmailIdentity(this, 'DomainIdentity', {
        identity,
        configurationSet: this.configurationSet,
      });
      if (!config.hostedZoneId) {
        this.identity.dkimRecords.forEach((record, i) => {
          new CfnOutput(Stack.of(this), `DkimRecord${i + 1}`, {
            description: `SES DKIM CNAME ${i + 1} to publish for ${config.domain}`,
            value: `${record.name} CNAME ${record.value}`,
          });
        });
      }
    }
  }

  get configurationSetName(): string {
    return this.configurationSet.configurationSetName;
  }

  /**
   * ses:SendEmail for the domain identity through the configuration set (SES v2 authorizes both).
   * A no-op without a domain: the stage's EMAIL_PROVIDER is then 'disabled' and nothing is sent.
   */
  grantSend(grantee: IGrantable): void {
    if (!this.identity) return;
    const stack = Stack.of(this);
    Grant.addToPrincipal({
      grantee,
      actions: ['ses:SendEmail', 'ses:SendRawEmail'],
      resourceArns: [
        this.identity.emailIdentityArn,
        Arn.format(
          { service: 'ses', resource: 'configuration-set', resourceName: this.configurationSetName },
          stack,
        ),
      ],
    });
  }

  /**
   * The self-check handshake: ses:GetAccount (sending enabled, quota; an account-level action with no
   * resource-level permissions) and the domain identity's verification status.
   */
  grantStatus(grantee: IGrantable): void {
    Grant.addToPrincipal({ grantee, actions: ['ses:GetAccount'], resourceArns: ['*'] });
    if (this.identity) this.identity.grant(grantee, 'ses:GetEmailIdentity');
    if (grantee instanceof Construct) {
      Validations.of(grantee).acknowledge({
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason: 'ses:GetAccount is an account-level action: IAM supports no resource for it.',
      });
    }
  }
}
