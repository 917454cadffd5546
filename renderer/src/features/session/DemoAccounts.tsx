import { useTranslation } from 'react-i18next';
import type { DemoAccountInfo } from '../../../../shared/contract';
import { Icon } from '../../components/Icon';
import { Spinner } from '../../components/Spinner';

interface DemoAccountsProps {
  accounts: DemoAccountInfo[];
  onPick: (name: string) => void;
  pendingName: string | null;
  disabled?: boolean;
  compact?: boolean;
}

/** One card-button per emulator demo account; its name is what it shows ("Demo account full …"), so speech input finds it by its words. */
export function DemoAccounts({ accounts, onPick, pendingName, disabled = false, compact = false }: DemoAccountsProps) {
  const { t } = useTranslation();
  if (accounts.length === 0) return <p className="muted">{t('session.demo.none')}</p>;
  return (
    <ul className={`demo-accounts${compact ? ' demo-accounts--compact' : ''}`}>
      {accounts.map((account) => {
        const descriptionId = `demo-${account.name}-description`;
        return (
          <li key={account.name}>
            <button
              type="button"
              className="demo-account"
              aria-busy={pendingName === account.name || undefined}
              disabled={disabled || pendingName !== null}
              onClick={() => onPick(account.name)}
            >
              <span className="demo-account__head">
                <span className="demo-account__avatar" aria-hidden="true">
                  {pendingName === account.name ? <Spinner /> : <Icon name="user" />}
                </span>
                <span className="demo-account__name">
                  <span className="demo-account__eyebrow">{t('session.demo.eyebrow')}</span>{' '}
                  <span className="demo-account__title">{account.name}</span>
                </span>
              </span>{' '}
              <span className="demo-account__description" id={descriptionId}>
                {account.description}
              </span>{' '}
              {compact ? null : <span className="demo-account__email">{account.email}</span>}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
