import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { SiteFooter } from '../landing/SiteFooter';
import { SiteHeader } from '../landing/SiteHeader';
import { mailtoHref, useClientConfig } from '../landing/use-client-config';
import { useScrollOnArrival } from '../landing/use-scroll-on-arrival';
import './legal.css';

export const LAST_UPDATED = 'Last updated: November 2026';

/** A legal page: the site header, one article with its title and date, and the site footer. */
export function LegalLayout({
  title,
  summary,
  children,
}: {
  title: string;
  summary?: ReactNode;
  children: ReactNode;
}) {
  useScrollOnArrival();
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} | Sprout`;
    return () => {
      document.title = previous;
    };
  }, [title]);

  return (
    <div className="legal-page">
      <SiteHeader />
      <main id="main" className="legal-main" tabIndex={-1}>
        <article className="legal-article">
          <div className="legal-article__header">
            <h1>{title}</h1>
            <p className="legal-article__date">{LAST_UPDATED}</p>
            {summary && <div className="legal-summary">{summary}</div>}
          </div>
          {children}
        </article>
      </main>
      <SiteFooter />
    </div>
  );
}

/** The support address as a mail link (with an optional subject), or the support form if unknown. */
export function SupportEmailLink({ subject }: { subject?: string }) {
  const config = useClientConfig();
  if (config.status === 'ready') {
    const email = config.config.supportEmail;
    return <a href={mailtoHref(email, subject)}>{email}</a>;
  }
  if (config.status === 'loading') return <span>our support address</span>;
  return (
    <>
      our support address (it could not be loaded just now:{' '}
      <Link to={{ pathname: '/', hash: '#support' }}>see the support form</Link> or reload this
      page)
    </>
  );
}
