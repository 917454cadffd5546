import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Icon, type IconName } from '../../components/Icon';
import { useAppInfo } from '../../features/session/hooks';

const items: { to: string; icon: IconName; label: 'nav.documents' | 'nav.uploads' | 'nav.fiscal' | 'nav.settings' | 'viewer.openFile.nav' | 'viewer.validateFile.nav' | 'folders.nav.folders' | 'folders.nav.activity' }[] = [
  { to: '/documents', icon: 'documents', label: 'nav.documents' },
  { to: '/uploads', icon: 'uploads', label: 'nav.uploads' },
  { to: '/fiscal', icon: 'fiscal', label: 'nav.fiscal' },
  { to: '/folders', icon: 'layers', label: 'folders.nav.folders' },
  { to: '/activity', icon: 'clock', label: 'folders.nav.activity' },
  { to: '/open', icon: 'layers', label: 'viewer.openFile.nav' },
  { to: '/validate', icon: 'check', label: 'viewer.validateFile.nav' },
];

const navClass = ({ isActive }: { isActive: boolean }) => `nav-link${isActive ? ' nav-link--active' : ''}`;

export function Sidebar() {
  const { t } = useTranslation();
  const appInfo = useAppInfo();
  return (
    <aside className="sidebar">
      <nav aria-label={t('nav.label')} className="sidebar__nav">
        <ul className="nav-list">
          {items.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} className={navClass}>
                <Icon name={item.icon} />
                <span>{t(item.label)}</span>
              </NavLink>
            </li>
          ))}
        </ul>
        <ul className="nav-list nav-list--bottom">
          <li>
            <NavLink to="/settings" className={navClass}>
              <Icon name="settings" />
              <span>{t('nav.settings')}</span>
            </NavLink>
          </li>
        </ul>
      </nav>
      {appInfo.data ? <p className="sidebar__version">{t('nav.version', { version: appInfo.data.version })}</p> : null}
    </aside>
  );
}
