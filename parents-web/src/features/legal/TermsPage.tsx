import { PLAN_PRICE_LABEL } from '@sprout/shared';
import { Link } from 'react-router-dom';
import { LegalLayout, SupportEmailLink } from './LegalLayout';

export function TermsPage() {
  return (
    <LegalLayout
      title="Terms and Conditions"
      summary={
        <p>
          These terms are the agreement between you, the parent or legal guardian, and Sprout. In
          short: one family plan at {PLAN_PRICE_LABEL}, billed monthly through Stripe, cancel
          anytime; you are responsible for the child accounts you create; and answers written by AI
          can be wrong.
        </p>
      }
    >
      <section>
        <h2 id="terms-agreement">1. About these terms</h2>
        <p>
          Sprout (&quot;Sprout&quot;, &quot;we&quot;, &quot;us&quot;) provides a chat service in
          which children talk with an AI assistant, and a dashboard in which their parents set the
          rules and follow what happens. By creating a parent account or using Sprout you agree to
          these terms and to our <Link to="/privacy">Privacy Policy</Link>. If you do not agree,
          please do not use Sprout.
        </p>
        <p>
          You must be an adult (at least 18, or the age of majority where you live) to create a
          parent account. Children use Sprout only through a child account that a parent creates.
        </p>
      </section>

      <section>
        <h2 id="terms-service">2. The service</h2>
        <p>Sprout gives your family:</p>
        <ul>
          <li>
            child accounts that chat with an AI assistant in age-appropriate modes (Learn, Play,
            Story Time, Homework and an optional Bible mode), with read-aloud and voice input;
          </li>
          <li>
            moderation of every prompt and answer, with a filter level (strict, moderate or lenient)
            that you choose for each child, and alerts for the keywords you add;
          </li>
          <li>
            a parent dashboard with usage statistics, a log of every prompt and answer, the items
            that were flagged for review, and your subscription and settings.
          </li>
        </ul>
        <p>
          We keep improving Sprout, so features may change. We will not remove a core part of the
          service you pay for without telling you first.
        </p>
      </section>

      <section>
        <h2 id="terms-accounts">3. Your parent account</h2>
        <p>
          Give us a correct email address, keep your password to yourself and tell us at once if you
          think someone else has used your account. You are responsible for what happens under your
          account.
        </p>
      </section>

      <section>
        <h2 id="terms-children">4. Child accounts and your responsibility</h2>
        <ul>
          <li>
            Only a parent or legal guardian may create a child account, and only for their own child
            or a child in their care. Children cannot sign up by themselves. By creating a child
            account you give your consent, as the child&apos;s parent or guardian, to the child
            using Sprout as described in our <Link to="/privacy">Privacy Policy</Link>.
          </li>
          <li>
            You choose the child&apos;s username, password, age, filter level and allowed modes, and
            you keep the child&apos;s password safe.
          </li>
          <li>
            You are responsible for how your children use Sprout. We encourage you to look at the
            logs and flagged items regularly and to talk with your children about what they ask and
            read.
          </li>
        </ul>
      </section>

      <section>
        <h2 id="terms-billing">5. The family plan and billing</h2>
        <ul>
          <li>
            Sprout has one plan: <strong>{PLAN_PRICE_LABEL}</strong> for the whole family, however
            many children you add.
          </li>
          <li>
            The plan is billed monthly in advance through Stripe, our payment processor. Your card
            details go directly to Stripe; Sprout never sees or stores your full card number.
          </li>
          <li>
            Your subscription renews automatically each month until you cancel. If a free trial is
            offered, its end date is shown in the Subscription tab of your dashboard and the first
            payment is taken when it ends unless you cancel before then.
          </li>
          <li>
            Prices include or exclude taxes as shown at checkout. If we ever change the price, we
            will email you at least 30 days before the new price applies to you.
          </li>
          <li>
            If a payment fails, your subscription becomes past due and access to the dashboard and
            to the child accounts may be paused until you update your payment details.
          </li>
        </ul>
      </section>

      <section>
        <h2 id="terms-cancel">6. Cancelling</h2>
        <p>
          You can cancel anytime from the Subscription tab of your dashboard. Cancellation takes
          effect at the end of the billing period you have already paid for: you keep full access
          until then and you are not charged again. We do not refund part-used months, except where
          the law requires it. You can subscribe again whenever you like.
        </p>
      </section>

      <section>
        <h2 id="terms-use">7. Acceptable use</h2>
        <p>You agree not to, and not to let anyone else:</p>
        <ul>
          <li>use Sprout to harm, frighten, harass or exploit anyone, especially children;</li>
          <li>
            try to get around the moderation, for example by instructing the AI to ignore its rules;
          </li>
          <li>share anyone else&apos;s personal information through Sprout;</li>
          <li>create accounts for children who are not in your care;</li>
          <li>
            copy, resell, scrape, overload, probe or break the security of the service, or use it to
            build a competing product;
          </li>
          <li>use Sprout for anything unlawful.</li>
        </ul>
      </section>

      <section>
        <h2 id="terms-ai">8. AI answers can be wrong</h2>
        <p>
          Answers in Sprout are written by an AI. They can be incomplete, out of date or simply
          wrong, and they are not a substitute for a teacher, a doctor or other professional advice.
          Our moderation greatly reduces the chance that your child sees something inappropriate,
          but no filter is perfect. That is why every prompt and answer is visible to you. If you
          see something that should have been caught, please tell us through the support form.
        </p>
      </section>

      <section>
        <h2 id="terms-content">9. Your content</h2>
        <p>
          The prompts your children write and the answers they receive are stored so that you can
          review them. You keep any rights you have in that content; you allow us to store and
          process it only to run Sprout for you. We never use your children&apos;s chats to train AI
          models or for advertising.
        </p>
      </section>

      <section>
        <h2 id="terms-termination">10. Suspension and ending the agreement</h2>
        <p>
          We may suspend or close an account that breaks these terms or puts children at risk, and
          we will tell you why unless the law or a child&apos;s safety prevents it. You can stop
          using Sprout at any time and ask us to delete your account as described on the{' '}
          <Link to="/account-deletion">account deletion page</Link>.
        </p>
      </section>

      <section>
        <h2 id="terms-warranty">11. No warranty</h2>
        <p>
          We work hard to keep Sprout safe, accurate and available, but it is provided &quot;as
          is&quot; and &quot;as available&quot;. To the extent the law allows, we make no promises
          that it will be uninterrupted, error-free or suitable for a particular purpose, or that
          every inappropriate prompt or answer will be caught.
        </p>
      </section>

      <section>
        <h2 id="terms-liability">12. Limitation of liability</h2>
        <p>
          To the extent the law allows, Sprout is not liable for indirect, incidental or
          consequential losses, or for lost profits or data, and our total liability for any claim
          about the service is limited to the amount you paid us in the 12 months before the claim.
          Nothing in these terms limits liability that cannot be limited by law, or your rights as a
          consumer.
        </p>
      </section>

      <section>
        <h2 id="terms-changes">13. Changes to these terms</h2>
        <p>
          If we change these terms in a way that matters, we will email you at least 30 days before
          the change takes effect. The date at the top of this page shows the latest version.
        </p>
      </section>

      <section>
        <h2 id="terms-contact">14. Contact</h2>
        <p>
          Questions about these terms? Email us at <SupportEmailLink /> or use the{' '}
          <Link to={{ pathname: '/', hash: '#support' }}>support form</Link>.
        </p>
      </section>
    </LegalLayout>
  );
}
