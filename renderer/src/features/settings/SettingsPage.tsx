import './settings.css';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { AppearanceSection } from './AppearanceSection';
import { CertificatesSection } from './certificates/CertificatesSection';
import { ProfilesSection } from './ProfilesSection';

function SettingsSection({ id, title, description, children }: { id: string; title: string; description: string; children: ReactNode }) {
  return (
    <section className="settings-section" aria-labelledby={id}>
      <div className="settings-section__intro">
        <h2 id={id} className="settings-section__title">
          {title}
        </h2>
        <p className="settings-section__description">{description}</p>
      </div>
      <div className="panel settings-section__card">{children}</div>
    </section>
  );
}

export default function SettingsPage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <PageHeader title={t('settings.title')} description={t('settings.subtitle')} />
      <div className="page__body settings">
        <SettingsSection id="settings-profiles" title={t('settings.profiles.title')} description={t('settings.profiles.description')}>
          <ProfilesSection />
        </SettingsSection>
        <SettingsSection id="settings-certificates" title={t('certificates.title')} description={t('certificates.description')}>
          <CertificatesSection />
        </SettingsSection>
        <SettingsSection id="settings-appearance" title={t('settings.appearance.title')} description={t('settings.appearance.description')}>
          <AppearanceSection />
        </SettingsSection>
      </div>
    </div>
  );
}
