import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { SproutLogo } from '../../components/SproutLogo';
import './site.css';

/** The top bar of every public page: a skip link, the logo home and the account links. */
export function SiteHeader({ sections }: { sections?: ReactNode }) {
  return (
    <>
      <a className="landing-skip" href="#main">
        Skip to main content
      </a>
      <header className="landing-header">
        <div className="landing-header__inner">
          <Link to="/" className="landing-brand">
            <SproutLogo size={34} />
            <span>Sprout</span>
          </Link>
          {sections && (
            <nav className="landing-header__sections" aria-label="Page sections">
              {sections}
            </nav>
          )}
          <nav className="landing-header__account" aria-label="Account">
            <Link className="button button--link landing-header__login" to="/parents/login">
              Log In
            </Link>
            <Link className="button button--primary" to="/parents/signup">
              Sign Up
            </Link>
          </nav>
        </div>
      </header>
    </>
  );
}
