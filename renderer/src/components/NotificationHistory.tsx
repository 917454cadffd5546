import { useTranslation } from 'react-i18next';
import { formatTime } from '../format';
import { Icon } from './Icon';
import { Popover } from './Popover';
import { toneIcon } from './Toaster';
import { clearNotifications, markNotificationsRead, toastText, useToastStore } from './toast-store';

/** The header's bell: every notification of this session, newest first, also those that left the screen. */
export function NotificationHistory() {
  const { t, i18n } = useTranslation();
  const history = useToastStore((state) => state.history);
  const unread = useToastStore((state) => state.unread);
  return (
    <Popover
      label={unread > 0 ? t('notifications.unread', { count: unread }) : t('notifications.title')}
      triggerClassName="icon-button notification-bell"
      onOpen={markNotificationsRead}
      trigger={
        <>
          <Icon name="bell" />
          {unread > 0 ? (
            <span className="notification-bell__count" aria-hidden="true">
              {unread > 9 ? '9+' : unread}
            </span>
          ) : null}
        </>
      }
    >
      <div className="notification-history">
        <div className="notification-history__head">
          <h2 className="notification-history__title">{t('notifications.title')}</h2>
          {history.length > 0 ? (
            <button type="button" className="btn btn--ghost btn--sm" onClick={clearNotifications}>
              {t('notifications.clear')}
            </button>
          ) : null}
        </div>
        {history.length === 0 ? (
          <p className="notification-history__empty">{t('notifications.empty')}</p>
        ) : (
          <ul className="notification-history__list">
            {history.map((entry) => (
              <li key={entry.id} className={`notification-history__item notification-history__item--${entry.tone}`}>
                <Icon name={toneIcon[entry.tone]} className="icon toast__icon" />
                <div className="toast__body">
                  <p className="toast__title">{toastText(entry.title, t)}</p>
                  {entry.body ? <p className="toast__text">{toastText(entry.body, t)}</p> : null}
                </div>
                <time className="notification-history__time" dateTime={new Date(entry.at).toISOString()}>
                  {formatTime(i18n.language, entry.at)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Popover>
  );
}
