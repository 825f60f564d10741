import { Link } from 'react-router';
import { PRODUCT_NAME } from '#shared/brand.ts';
import { CONTACT_EMAIL, ProsePage } from '../components/ProsePage.tsx';
import { ROUTES } from '../../../config/routes.ts';

export default function PrivacyPage() {
  return (
    <ProsePage
      title={ROUTES.privacy.title}
      description={`What ${PRODUCT_NAME} stores about you, why, for how long, and your rights under UK GDPR. We never connect to your bank accounts and never sell your data.`}
      lead="Last updated: 1 June 2026. This policy explains what we collect when you use Renewal Reminders, why, and the rights you have over it."
    >
      <h2>Who we are</h2>
      <p>
        {PRODUCT_NAME} is the data controller for the personal data described here. You can reach us about
        anything in this policy at <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>.
      </p>

      <h2>What we store</h2>
      <ul>
        <li>
          <strong>Account details:</strong> your e-mail address, first name, last name (optional), country,
          time zone, and whether you agreed to marketing e-mails.
        </li>
        <li>
          <strong>Your reminders:</strong> the title, category, provider, renewal date, and the amount and
          notes if you add them. A car's registration number only if you tick 'Keep it to update the dates
          after each MOT': we then send it to the DVLA after each MOT or tax date to read the new one.
          Otherwise a number you look up is sent to the DVLA once and not kept.
        </li>
        <li>
          <strong>Your household, if you join one:</strong> who is in it (each member&rsquo;s first name and a
          masked e-mail address are shown to the others), and the invitations sent. For someone you invite we
          keep their address, shown only to you (the others in the household see a masked form, for example
          s&bull;&bull;&bull;@example.com), and the name you typed, until the invitation is used or cancelled,
          or shortly after it expires at 7 days; our record of the invitation mail keeps only the masked form.
          Reminders you share with the household (and their outcomes and quotes) belong to the household:
          every member sees them, and they stay with it when you leave. When you leave (or delete your
          account) you keep nothing of them and nothing of the household says who you were: what you did in it
          reads &lsquo;A former member&rsquo;. When the last member leaves or deletes their account, the
          household and everything it shared are deleted.
        </li>
        <li>
          <strong>Letters you forward or upload to your renewal inbox:</strong> only what we read from each
          (the provider, category, date and prices, and the line of the letter each came from) and its
          subject. The e-mail or file itself is deleted as soon as it has been read, and never later than a
          day after it arrived. What was read is deleted when you dismiss it, after 30 days, or with your
          account. We take mail only from your account&rsquo;s own address.
        </li>
        <li>
          <strong>Savings you report:</strong> whether you saved money at a renewal and the amount you enter.
        </li>
        <li>
          <strong>E-mail records:</strong> which reminder e-mails we sent you and when, so that we never send
          the same reminder twice.
        </li>
        <li>
          <strong>Security logs:</strong> technical logs of requests to our service (for example errors and
          sign-in attempts), kept to keep the service secure and working.
        </li>
      </ul>
      <p>
        Your password is handled by our sign-in service and is never visible to us. We do not use advertising
        or third-party tracking cookies.
      </p>

      <h2>What we never do</h2>
      <ul>
        <li>We never connect to your bank accounts, and we never ask for bank or card details.</li>
        <li>We never share or sell your data to advertisers, comparison sites or data brokers.</li>
        <li>We do not make automated decisions about you that have legal or similar effects.</li>
      </ul>

      <h2>Why we use it, and our lawful basis</h2>
      <ul>
        <li>
          <strong>To provide the service you signed up for</strong> (contract): your account, reminders sent
          at the right lead times, and your savings total.
        </li>
        <li>
          <strong>To keep the service secure and reliable</strong> (legitimate interests): logs, abuse
          prevention and troubleshooting.
        </li>
        <li>
          <strong>To send you marketing e-mails</strong> (consent): only if you tick the box, and you can
          change your mind at any time in Settings.
        </li>
      </ul>

      <h2>Who processes it for us</h2>
      <p>
        We run on Amazon Web Services (AWS) in the eu-west-2 (London) region: our database, sign-in service
        (Amazon Cognito) and e-mail sending (Amazon SES) are all operated by AWS as our processor, under a
        data processing agreement. Your data stays in the UK except where AWS needs to provide support under
        those terms.
      </p>

      <h2>How long we keep it</h2>
      <p>
        We keep your account, reminders and savings for as long as you have an account. When you delete your
        account we sign you out on every device and delete your profile, reminders, savings and sign-in
        straight away. Backups that may contain your data expire within 35 days. Technical logs are kept for
        up to 90 days.
      </p>
      <p>After you delete your account we keep only these, and none of them says who you were:</p>
      <ul>
        <li>
          <strong>A record of each e-mail we sent:</strong> its type (for example &ldquo;reminder&rdquo;) and
          when it went, without your name, e-mail address, user id or the reminder&rsquo;s title. We keep it
          to run the e-mail service and to answer questions about how it worked.
        </li>
        <li>
          <strong>If you were an administrator:</strong> the actions you took in the admin console and when,
          without your name or e-mail address, so the service stays accountable for what was done.
        </li>
        <li>
          <strong>If our e-mails to you bounced or you reported one as spam:</strong> a scrambled code made
          from your address (not the address itself), so that we never e-mail that address again.
        </li>
        <li>
          <strong>Totals:</strong> counts such as the number of sign-ups and the total saved by all users,
          which contain nothing about you.
        </li>
      </ul>

      <h2>Your rights under UK GDPR</h2>
      <ul>
        <li>
          <strong>Access:</strong> download a copy of everything we hold about you yourself, at any time, with{' '}
          <strong>Settings → Your data → Download my data</strong> (one JSON file: your profile, reminders,
          their history and savings, and the e-mails we sent you), or ask us for it.
        </li>
        <li>
          <strong>Rectification:</strong> correct your details at any time in Settings, or ask us to.
        </li>
        <li>
          <strong>Erasure:</strong> delete your account and all its data yourself in{' '}
          <strong>Settings → Delete Account</strong>, or ask us to do it.
        </li>
        <li>
          <strong>Portability:</strong> export your reminders as a spreadsheet (CSV) with{' '}
          <strong>Settings → Your data → Export reminders</strong>, to keep or to take to another service.
        </li>
        <li>
          <strong>Objection and withdrawing consent:</strong> object to processing based on legitimate
          interests, and stop marketing e-mails at any time by unticking the box in Settings.
        </li>
        <li>
          <strong>Restriction:</strong> ask us to pause using your data while a concern is looked into.
        </li>
      </ul>
      <p>
        E-mail <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a> to use any of these rights. We reply
        within one month.
      </p>

      <h2>Complaints</h2>
      <p>
        If you are unhappy with how we handle your data, please tell us first. You also have the right to
        complain to the Information Commissioner’s Office (ICO), the UK regulator, at{' '}
        <a href="https://ico.org.uk/make-a-complaint/">ico.org.uk/make-a-complaint</a> or on 0303 123 1113.
      </p>

      <h2>Changes to this policy</h2>
      <p>
        If we change this policy in a way that affects you, we will e-mail you before the change takes effect.
        See also our <Link to={ROUTES.terms.path}>{ROUTES.terms.title}</Link>.
      </p>
    </ProsePage>
  );
}
