import { Link } from 'react-router-dom';
import { SproutLogo } from '../../components/SproutLogo';
import './site.css';

/** The footer of every public page: legal pages, the kids' login and the support form. */
export function SiteFooter() {
  return (
    <footer className="landing-footer">
      <div className="landing-footer__inner">
        <div className="landing-footer__brand">
          <Link to="/" className="landing-brand landing-brand--footer">
            <SproutLogo size={28} />
            <span>Sprout</span>
          </Link>
          <p>A safe AI helper for curious kids, with parents in the loop.</p>
        </div>
        <nav className="landing-footer__nav" aria-label="Footer">
          <ul>
            <li>
              <Link to="/privacy">Privacy Policy</Link>
            </li>
            <li>
              <Link to="/Terms">Terms and Conditions</Link>
            </li>
            <li>
              <Link to="/account-deletion">Account deletion</Link>
            </li>
            <li>
              <Link to={{ pathname: '/', hash: '#support' }}>Support</Link>
            </li>
            <li>
              {/* The kids app is another build: a full page load, not a router link. */}
              <a href="/kids/login">Kids log in</a>
            </li>
            <li>
              <Link to="/parents/login">Parents log in</Link>
            </li>
          </ul>
        </nav>
      </div>
      <p className="landing-footer__legal">© 2026 Sprout. All rights reserved.</p>
    </footer>
  );
}
