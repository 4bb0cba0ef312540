import { Icon, type IconName } from '../../components/Icon';
import { SproutLogo } from '../../components/SproutLogo';
import { DASHBOARD_TABS, sidebarToggled, tabSelected, type DashboardTab } from '../dashboard-slice';
import { useAppDispatch, useAppSelector } from '../store';

const TAB_ICONS: Record<DashboardTab, IconName> = {
  Stats: 'stats',
  'Review Items': 'flag',
  Logs: 'logs',
  Subscription: 'card',
  Settings: 'settings',
  Keywords: 'key',
};

export function Sidebar({
  email,
  isAdmin,
  menuOpen,
  onNavigate,
  onFeedback,
  onSignOut,
}: {
  email: string | null;
  isAdmin: boolean;
  menuOpen: boolean;
  onNavigate: () => void;
  onFeedback: (type: 'issue' | 'enhancement') => void;
  onSignOut: () => void;
}) {
  const dispatch = useAppDispatch();
  const tab = useAppSelector((state) => state.dashboard.tab);
  const collapsed = useAppSelector((state) => state.dashboard.sidebarCollapsed);
  const classes = ['sidebar'];
  if (collapsed) classes.push('sidebar--collapsed');
  if (menuOpen) classes.push('sidebar--open');

  return (
    <aside id="dashboard-sidebar" className={classes.join(' ')} aria-label="Dashboard">
      <div className="sidebar__top">
        <a href="/" className="sidebar__brand">
          <SproutLogo size={32} />
          <span className="sidebar__label">Sprout</span>
        </a>
        <button
          type="button"
          className="sidebar__collapse"
          aria-expanded={!collapsed}
          aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          onClick={() => dispatch(sidebarToggled())}
        >
          {collapsed ? '»' : '«'}
        </button>
      </div>
      <nav className="sidebar__nav" aria-label="Dashboard tabs">
        <ul>
          {DASHBOARD_TABS.map((name) => (
            <li key={name}>
              <button
                type="button"
                className="sidebar__item"
                aria-current={tab === name ? 'page' : undefined}
                title={collapsed ? name : undefined}
                onClick={() => {
                  dispatch(tabSelected(name));
                  onNavigate();
                }}
              >
                <Icon name={TAB_ICONS[name]} />
                <span className="sidebar__label">{name}</span>
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <div className="sidebar__bottom">
        <button type="button" className="sidebar__item" onClick={() => onFeedback('issue')}>
          <Icon name="bug" />
          <span className="sidebar__label">Report Issue</span>
        </button>
        <button type="button" className="sidebar__item" onClick={() => onFeedback('enhancement')}>
          <Icon name="bulb" />
          <span className="sidebar__label">Suggest Feature</span>
        </button>
        {isAdmin && (
          <a className="sidebar__item" href="/admin">
            <Icon name="tool" />
            <span className="sidebar__label">Admin</span>
          </a>
        )}
        <div className="sidebar__links sidebar__label">
          <a href="/terms" target="_blank" rel="noopener">
            Terms
          </a>
          <a href="/privacy" target="_blank" rel="noopener">
            Privacy
          </a>
        </div>
        <p className="sidebar__email sidebar__label" title={email ?? undefined}>
          {email}
        </p>
        <button type="button" className="sidebar__item sidebar__signout" onClick={onSignOut}>
          <Icon name="logout" />
          <span className="sidebar__label">Sign Out</span>
        </button>
      </div>
    </aside>
  );
}
