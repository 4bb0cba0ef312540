import { ACCOUNT_DELETION_BUSINESS_DAYS } from '@sprout/shared';
import { Link } from 'react-router-dom';
import { LegalLayout, SupportEmailLink } from './LegalLayout';

export function PrivacyPage() {
  return (
    <LegalLayout
      title="Privacy Policy"
      summary={
        <>
          <p>The short version:</p>
          <ul>
            <li>
              We store every prompt your child sends and every answer Sprout gives, so that you can
              review them. You can see all of it on your dashboard.
            </li>
            <li>
              Children&apos;s chats are never used to train AI models, never used for advertising
              and never sold.
            </li>
            <li>
              Only a parent can create a child&apos;s account. You can export or delete your
              child&apos;s data whenever you like.
            </li>
          </ul>
        </>
      }
    >
      <section>
        <h2 id="privacy-scope">1. Who we are and what this covers</h2>
        <p>
          This policy explains what Sprout stores about parents and children, why, for how long, who
          helps us process it and what you can do about it. It covers the Sprout website, the
          children&apos;s chat app and the parent dashboard.
        </p>
      </section>

      <section>
        <h2 id="privacy-stored">2. What we store</h2>
        <h3>About you, the parent</h3>
        <ul>
          <li>
            your email address and your sign-in account (your password is handled by our sign-in
            provider and is never stored by Sprout);
          </li>
          <li>the date you accepted our terms;</li>
          <li>your preferences, such as whether you want email notifications;</li>
          <li>
            your subscription status and a reference to your customer record at Stripe (never your
            card number);
          </li>
          <li>the keywords you ask us to watch for, and any feedback you send us.</li>
        </ul>
        <h3>About each child</h3>
        <ul>
          <li>
            the username you choose, the age you enter (optional) and the filter level (strict,
            moderate or lenient);
          </li>
          <li>
            the modes the child may use, and the child&apos;s read-aloud and voice preferences.
          </li>
        </ul>
        <p>
          We do not ask children for their name, email address or any other contact details.
          Children sign in with the username and password you give them.
        </p>
        <h3>Chats</h3>
        <ul>
          <li>
            every prompt a child sends and every answer Sprout gives, with the mode and the time, so
            that you can review them;
          </li>
          <li>
            whether a prompt or answer was flagged, the reason it was flagged (for example a keyword
            match or personal information), and whether you have reviewed it.
          </li>
        </ul>
        <p>
          The children&apos;s app also keeps the recent conversation of each mode in the
          child&apos;s own browser so that it is still there next time. It is removed from the
          browser when the child signs out or clears the history.
        </p>
        <h3>Technical records</h3>
        <p>
          Our servers record technical details of each request (such as the address requested, the
          result and how long it took) to keep Sprout secure and working. These records never
          contain chat text or passwords. On the parent pages we may count page views, log-ins and
          sign-ups to improve the product; the children&apos;s app sends no analytics.
        </p>
      </section>

      <section>
        <h2 id="privacy-why">3. Why we use it</h2>
        <ul>
          <li>to run your account and your children&apos;s accounts;</li>
          <li>
            to answer your children, and to check every prompt and answer against the filter level
            and keywords you chose;
          </li>
          <li>
            to show you your children&apos;s activity, and to email you about flagged items if you
            turned notifications on (we always tell you about signs that a child may be at risk);
          </li>
          <li>to take payment for your subscription;</li>
          <li>to answer your support requests, and to keep Sprout secure and prevent abuse.</li>
        </ul>
      </section>

      <section>
        <h2 id="privacy-never">4. What we never do</h2>
        <p>
          <strong>
            Children&apos;s chats are never used to train AI models and never used for advertising.
          </strong>{' '}
          We do not sell or rent personal information, we show no ads, and we do not build marketing
          profiles of you or your children.
        </p>
      </section>

      <section>
        <h2 id="privacy-retention">5. How long we keep it</h2>
        <ul>
          <li>
            Your account details and your children&apos;s settings are kept while your account
            exists.
          </li>
          <li>
            Chats are kept while your account exists, for no longer than the retention period set by
            the operator of this Sprout service (365 days unless they choose otherwise). Older chats
            are deleted automatically.
          </li>
          <li>
            When you delete a child, that child&apos;s account and all of their chats are deleted at
            once.
          </li>
          <li>
            When you ask us to delete your account, everything is deleted within{' '}
            {ACCOUNT_DELETION_BUSINESS_DAYS} business days.
          </li>
          <li>
            Stripe keeps the payment records that tax and accounting law require, under its own
            privacy policy.
          </li>
        </ul>
      </section>

      <section>
        <h2 id="privacy-processors">6. Who helps us</h2>
        <p>
          We use a small number of service providers (processors) who handle data only on our
          instructions and only to provide their part of Sprout:
        </p>
        <ul>
          <li>
            <strong>Firebase Authentication</strong> (Google) for signing in parents and children.
          </li>
          <li>
            <strong>Stripe</strong> for payments. Your card details go directly to Stripe.
          </li>
          <li>
            <strong>The AI provider</strong> that writes the answers: either OpenAI, through its API
            (which under OpenAI&apos;s API terms is not used to train its models), or a model that
            runs on our own servers, in which case chats never leave them.
          </li>
          <li>
            <strong>Our email provider</strong>, for password resets, alerts about flagged items and
            subscription emails.
          </li>
        </ul>
      </section>

      <section>
        <h2 id="privacy-choices">7. Your choices and rights</h2>
        <ul>
          <li>
            <strong>See everything:</strong> every prompt and answer is in the Logs tab of your
            dashboard, and flagged items are in Review Items.
          </li>
          <li>
            <strong>Export:</strong> download everything we hold about a child as a file from your
            dashboard (the Export data button in the Logs tab).
          </li>
          <li>
            <strong>Delete a child:</strong> in the Settings tab, delete the child&apos;s account.
            This erases all their data at once and is permanent.
          </li>
          <li>
            <strong>Turn off email notifications</strong> in the Settings tab.
          </li>
          <li>
            <strong>Delete your whole account:</strong> see{' '}
            <Link to="/account-deletion">how to delete your account</Link>.
          </li>
          <li>
            <strong>Ask us</strong> to correct anything or to tell you what we hold about you, by
            email at <SupportEmailLink />.
          </li>
        </ul>
      </section>

      <section>
        <h2 id="privacy-coppa">8. Children&apos;s privacy and parental consent (COPPA)</h2>
        <p>
          Sprout is made for children, including children under 13, so we follow the US
          Children&apos;s Online Privacy Protection Act (COPPA) and similar laws elsewhere.
        </p>
        <ul>
          <li>
            <strong>A parent decides.</strong> A child account can only be created by a parent, from
            the parent&apos;s own signed-in account, after accepting our terms. There is no way for
            a child to sign up by themselves. This is how we obtain verifiable parental consent
            before we collect anything from a child.
          </li>
          <li>
            <strong>We collect only what we need</strong> to run the chat and to show it to you. Our
            moderation flags personal information, such as phone numbers or addresses, that a child
            types into a chat.
          </li>
          <li>
            <strong>You stay in control.</strong> You can review everything your child has sent,
            export it, stop further collection by deleting the child&apos;s account, and delete the
            data at any time.
          </li>
        </ul>
      </section>

      <section>
        <h2 id="privacy-security">9. Security</h2>
        <p>
          Data travels over encrypted connections. Passwords are handled by Firebase Authentication,
          never by us. Every request is checked so that a parent can only see their own children,
          and a child only their own chats.
        </p>
      </section>

      <section>
        <h2 id="privacy-changes">10. Changes to this policy</h2>
        <p>
          If we change this policy in a way that matters, we will email you before the change takes
          effect. The date at the top of this page shows the latest version.
        </p>
      </section>

      <section>
        <h2 id="privacy-contact">11. Contact</h2>
        <p>
          Questions about your privacy? Email us at <SupportEmailLink /> or use the{' '}
          <Link to={{ pathname: '/', hash: '#support' }}>support form</Link>.
        </p>
      </section>
    </LegalLayout>
  );
}
