import { CHILD_MODES, MODE_INFO, PLAN_PRICE_LABEL, type ChildMode } from '@sprout/shared';
import { type CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import { AppsSection } from './AppsSection';
import { Icon } from './icons';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';
import { SupportSection } from './SupportSection';
import { useClientConfig } from './use-client-config';
import { useScrollOnArrival } from './use-scroll-on-arrival';
import './landing.css';

/** The four headline modes of the landing page (spec §1); Bible is mentioned apart. */
const HEADLINE_MODES: readonly ChildMode[] = CHILD_MODES.filter((mode) => mode !== 'Bible');

const FEATURES = [
  {
    icon: 'shield',
    title: 'Moderation that fits your child',
    body: 'Every prompt and every answer is checked before your child sees it. Choose a filter level for each child:',
    levels: [
      ['Strict', 'for the youngest, with heavy restrictions.'],
      ['Moderate', 'recommended for most children, and the default.'],
      ['Lenient', 'for older children, with keyword monitoring.'],
    ],
  },
  {
    icon: 'bell',
    title: 'Keyword alerts',
    body: 'Add the words that matter to your family. When one comes up in a chat, the prompt is flagged and you get an email alert.',
  },
  {
    icon: 'eye',
    title: 'Every prompt and answer, visible to you',
    body: 'Your dashboard shows everything your child asked and everything Sprout answered, with usage stats by mode. Nothing is hidden from you.',
  },
  {
    icon: 'flag',
    title: 'Flagged items to review',
    body: 'Anything the filters catch lands in Review Items with the reason it was flagged. Read it in context, talk it over, then mark it safe.',
  },
  {
    icon: 'speaker',
    title: 'Read-aloud and voice input',
    body: 'Children who are still learning to read can hear every answer read aloud and speak their questions instead of typing them.',
  },
  {
    icon: 'lock',
    title: 'Private by design',
    body: "Your children's chats are never used for advertising and never used to train AI models. Export or delete a child's data whenever you like.",
  },
] as const;

const PLAN_INCLUDES = [
  'Accounts for every child in your family',
  'All four modes, plus an optional Bible mode',
  'Moderation, keyword alerts and flagged-item review',
  'Every prompt and answer on your dashboard',
  'Read-aloud and voice input',
  'Secure payment through Stripe. Cancel anytime.',
];

const FAQ = [
  {
    question: 'Can my child sign up without me?',
    answer:
      "No. Only a parent can create a child's account, from the parent dashboard. That is how we make sure a parent has agreed before a child uses Sprout.",
  },
  {
    question: 'Can the AI make mistakes?',
    answer:
      'Yes. Like any AI, Sprout can sometimes be wrong. It is built to be kind, honest and age-appropriate and to suggest checking with a grown-up, and you can see exactly what it said on your dashboard.',
  },
  {
    question: "What happens to my children's chats?",
    answer:
      'They are stored so that you can review them, for as long as your account exists or until the retention period ends. They are never sold, never used for advertising and never used to train AI models.',
  },
  {
    question: 'How do I cancel?',
    answer:
      'Cancel anytime from the Subscription tab of your dashboard. You keep access until the end of the month you have already paid for.',
  },
] as const;

function Hero() {
  return (
    <section className="landing-hero" aria-labelledby="hero-heading">
      <div className="landing-container landing-hero__inner">
        <div className="landing-hero__copy">
          <p className="landing-eyebrow">A safe AI helper for kids</p>
          <h1 id="hero-heading" className="landing-hero__title">
            Curious kids. Kind answers. <span>Parents in the loop.</span>
          </h1>
          <p className="landing-hero__lead">
            Sprout lets your children learn, play, write stories and get homework help with a
            friendly AI, while you set the rules and see every prompt and every answer from your own
            dashboard.
          </p>
          <div className="landing-hero__actions">
            <Link className="button button--primary landing-button--large" to="/parents/signup">
              Get Started
            </Link>
            <Link className="button button--secondary landing-button--large" to="/parents/login">
              Log In
            </Link>
          </div>
          <p className="landing-hero__note">
            One plan for the whole family: {PLAN_PRICE_LABEL}. Cancel anytime.
          </p>
        </div>
        <HeroPreview />
      </div>
    </section>
  );
}

/** An illustration of a chat and the parent's view of it; the copy beside it says the same. */
function HeroPreview() {
  return (
    <div className="landing-preview" aria-hidden="true">
      <div className="landing-preview__chat">
        <div className="landing-preview__bar">
          <span className="landing-preview__mode" style={{ background: MODE_INFO.Learn.colour }}>
            Learn
          </span>
          <span className="landing-preview__dots">
            <span />
            <span />
            <span />
          </span>
        </div>
        <p className="landing-bubble landing-bubble--kid">Why is the sky blue?</p>
        <p className="landing-bubble landing-bubble--ai">
          Great question! Sunlight is made of every colour. Tiny bits of air bounce the blue light
          around the most, so blue reaches your eyes from all over the sky.
        </p>
        <p className="landing-bubble landing-bubble--kid">Can you read it to me?</p>
        <p className="landing-bubble landing-bubble--ai landing-bubble--speaking">
          <Icon name="speaker" size={16} /> Reading aloud...
        </p>
      </div>
      <div className="landing-preview__parent">
        <p className="landing-preview__parent-title">Parent dashboard</p>
        <p className="landing-preview__row">
          <span className="landing-preview__check">✓</span> 12 prompts today, 0 flagged
        </p>
        <p className="landing-preview__row">
          <span className="landing-preview__check">✓</span> Every answer saved for you
        </p>
      </div>
    </div>
  );
}

function FeaturesSection() {
  return (
    <section id="safety" className="landing-section" aria-labelledby="safety-heading">
      <div className="landing-container">
        <p className="landing-eyebrow">Safety you can see</p>
        <h2 id="safety-heading" className="landing-section__title">
          Built for children, designed for parents
        </h2>
        <p className="landing-section__lead">
          Sprout is not a grown-up chatbot with a filter bolted on. Every part of it was made for
          children and for the parents who look after them.
        </p>
        <ul className="landing-features">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="landing-feature card">
              <span className="landing-feature__icon">
                <Icon name={feature.icon} />
              </span>
              <h3 className="landing-feature__title">{feature.title}</h3>
              <p>{feature.body}</p>
              {'levels' in feature && (
                <dl className="landing-levels">
                  {feature.levels.map(([name, description]) => (
                    <div key={name}>
                      <dt>{name}</dt>
                      <dd>{description}</dd>
                    </div>
                  ))}
                </dl>
              )}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function StepsSection() {
  return (
    <section className="landing-section landing-steps" aria-labelledby="steps-heading">
      <div className="landing-container">
        <h2 id="steps-heading" className="landing-section__title">
          Ready in three steps
        </h2>
        <ol className="landing-steps__list">
          <li>
            <h3>Sign up</h3>
            <p>Create your parent account with your email or Google and choose the family plan.</p>
          </li>
          <li>
            <h3>Add your children</h3>
            <p>
              Pick a username and password for each child, their age and a filter level. Children
              can&apos;t sign up on their own.
            </p>
          </li>
          <li>
            <h3>Let them explore</h3>
            <p>
              Your child logs in and starts chatting. You follow along with stats, logs and alerts
              on your dashboard.
            </p>
          </li>
        </ol>
      </div>
    </section>
  );
}

function ModesSection() {
  return (
    <section id="modes" className="landing-section landing-modes" aria-labelledby="modes-heading">
      <div className="landing-container">
        <h2 id="modes-heading" className="landing-section__title">
          Four age-appropriate modes
        </h2>
        <p className="landing-section__lead">
          Each mode has its own friendly style and its own safety rules. You decide which modes each
          child can use.
        </p>
        <ul className="landing-modes__list">
          {HEADLINE_MODES.map((mode) => {
            const info = MODE_INFO[mode];
            return (
              <li
                key={mode}
                className="landing-mode card"
                style={{ '--mode-colour': info.colour } as CSSProperties}
              >
                <h3 className="landing-mode__name">{mode}</h3>
                <p className="landing-mode__description">{info.description}</p>
                <p className="landing-mode__try">
                  <span className="landing-mode__try-label">Try:</span> “{info.samplePrompts[0]}”
                </p>
              </li>
            );
          })}
        </ul>
        <p className="landing-modes__note">
          Families who would like it can also turn on Bible mode: {MODE_INFO.Bible.description}
        </p>
      </div>
    </section>
  );
}

function PricingSection() {
  return (
    <section
      id="pricing"
      className="landing-section landing-pricing"
      aria-labelledby="pricing-heading"
    >
      <div className="landing-container">
        <h2 id="pricing-heading" className="landing-section__title">
          One plan for the whole family
        </h2>
        <div className="landing-plan card">
          <p className="landing-plan__name">Sprout Family</p>
          <p className="landing-plan__price">{PLAN_PRICE_LABEL}</p>
          <p className="landing-plan__for">for all your children, billed monthly</p>
          <ul className="landing-plan__includes">
            {PLAN_INCLUDES.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <Link
            className="button button--primary button--block landing-button--large"
            to="/parents/signup"
          >
            Get Started
          </Link>
        </div>
      </div>
    </section>
  );
}

function FaqSection() {
  return (
    <section id="faq" className="landing-section" aria-labelledby="faq-heading">
      <div className="landing-container landing-faq">
        <h2 id="faq-heading" className="landing-section__title">
          Questions parents ask
        </h2>
        {FAQ.map((item) => (
          <details key={item.question} className="landing-faq__item">
            <summary>{item.question}</summary>
            <p>{item.answer}</p>
          </details>
        ))}
        <p className="landing-faq__more">
          Read our <Link to="/privacy">Privacy Policy</Link> and{' '}
          <Link to="/Terms">Terms and Conditions</Link> for the details.
        </p>
      </div>
    </section>
  );
}

export function LandingPage() {
  const config = useClientConfig();
  useScrollOnArrival();

  return (
    <div className="landing-page">
      <SiteHeader
        sections={
          <>
            <a href="#safety">Safety</a>
            <a href="#modes">Modes</a>
            <a href="#pricing">Pricing</a>
            <a href="#support">Support</a>
          </>
        }
      />
      <main id="main" tabIndex={-1}>
        <Hero />
        <FeaturesSection />
        <ModesSection />
        <StepsSection />
        <PricingSection />
        <AppsSection config={config} />
        <FaqSection />
        <SupportSection config={config} />
        <section className="landing-cta" aria-labelledby="cta-heading">
          <div className="landing-container">
            <h2 id="cta-heading">Give your kids a safe place to be curious</h2>
            <p>Set up your family in a few minutes. Cancel anytime.</p>
            <Link className="button landing-cta__button landing-button--large" to="/parents/signup">
              Get Started
            </Link>
          </div>
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}
