import { Link } from 'react-router';
import { PRODUCT_NAME } from '#shared/brand.ts';
import { CONTACT_EMAIL, ProsePage } from '../components/ProsePage.tsx';
import { ROUTES } from '../../../config/routes.ts';

export default function TermsPage() {
  return (
    <ProsePage
      title={ROUTES.terms.title}
      description={`The terms for using ${PRODUCT_NAME}: what the service does, the founding-member offer, your responsibilities, and how to close your account.`}
      lead="Last updated: 1 June 2026. By creating an account you agree to these terms. Please read them; they are short."
    >
      <h2>The service</h2>
      <p>
        {PRODUCT_NAME} lets you record the renewal dates of your contracts (such as mortgages, insurance,
        credit card promotions, energy, broadband and mobile, subscriptions, car tax and MOT) and sends you
        e-mail reminders before each one, at lead times set for each category. After a renewal we may ask how
        you got on, so you can record what you saved.
      </p>

      <h2>Reminders are a convenience, not advice</h2>
      <p>
        We do our best to send every reminder on time, but e-mail can be delayed, filtered as spam or fail.
        Please do not rely on us as your only record of an important date, and always check the terms and
        dates with your provider. We do not give financial advice, recommend providers or arrange products;
        the decision to renew, switch or cancel is always yours.
      </p>

      <h2>Your account</h2>
      <ul>
        <li>You must be 18 or over and give a valid e-mail address you control.</li>
        <li>Keep your password safe; you are responsible for what happens in your account.</li>
        <li>
          Only add information about your own contracts, and do not use the service to send messages to other
          people or to break the law.
        </li>
      </ul>

      <h2>Price and the founding-member offer</h2>
      <p>
        {PRODUCT_NAME} is free to use today. The first 1,000 people to create and confirm an account are
        founding members and keep free use of the service for life, including any paid plan we introduce
        later. If we ever introduce paid plans, we will tell everyone else at least 30 days before anything is
        charged, and nothing will be charged without your agreement.
      </p>

      <h2>Your data</h2>
      <p>
        Our <Link to={ROUTES.privacy.path}>{ROUTES.privacy.title}</Link> explains what we store and why. We
        never connect to your bank accounts and we never share or sell your data.
      </p>

      <h2>Closing your account</h2>
      <p>
        You can delete your account at any time in Settings. Deletion is immediate and permanent: your
        reminders, savings and profile are removed and cannot be recovered. We may suspend or close an account
        that breaks these terms, and will tell you why unless the law prevents it.
      </p>

      <h2>Our liability</h2>
      <p>
        Nothing in these terms limits our liability for death or personal injury caused by our negligence, for
        fraud, or for anything else that cannot be limited under the law of England and Wales. Because the
        service is free, and reminders are a convenience, we are not liable for losses caused by a reminder
        that arrives late or not at all, such as a higher renewal price. Your statutory rights as a consumer
        are not affected.
      </p>

      <h2>Changes and contact</h2>
      <p>
        We may update these terms as the service changes; we will e-mail you about any significant change
        before it applies. These terms are governed by the law of England and Wales. Questions:{' '}
        <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>.
      </p>
    </ProsePage>
  );
}
