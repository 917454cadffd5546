import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './EmptyState';
import type { IconName } from './Icon';
import { PageHeader } from './PageHeader';

/** A page whose feature is not built yet: what it is for, and that it is being prepared. */
export function PreparingPage({ icon, title, description }: { icon: IconName; title: ReactNode; description: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="page">
      <PageHeader title={title} description={description} />
      <div className="page__body">
        <EmptyState icon={icon} title={t('pages.preparingTitle')}>
          <p>{t('pages.preparingBody')}</p>
        </EmptyState>
      </div>
    </div>
  );
}
