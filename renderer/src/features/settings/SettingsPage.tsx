import './settings.css';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { AppearanceSection } from './AppearanceSection';
import { CertificatesSection } from './certificates/CertificatesSection';
import { ProfilesSection } from './ProfilesSection';

export default function SettingsPage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <PageHeader title={t('settings.title')} description={t('settings.subtitle')} />
      <div className="page__body settings">
        <section className="settings-section" aria-labelledby="settings-profiles">
          <div className="settings-section__intro">
            <h2 id="settings-profiles" className="settings-section__title">
              {t('settings.profiles.title')}
            </h2>
            <p className="settings-section__description">{t('settings.profiles.description')}</p>
          </div>
          <div className="panel settings-section__card">
            <ProfilesSection />
          </div>
        </section>
        <section className="settings-section" aria-labelledby="settings-certificates">
          <div className="settings-section__intro">
            <h2 id="settings-certificates" className="settings-section__title">
              {t('certificates.title')}
            </h2>
            <p className="settings-section__description">{t('certificates.description')}</p>
          </div>
          <div className="panel settings-section__card">
            <CertificatesSection />
          </div>
        </section>
        <section className="settings-section" aria-labelledby="settings-appearance">
          <div className="settings-section__intro">
            <h2 id="settings-appearance" className="settings-section__title">
              {t('settings.appearance.title')}
            </h2>
            <p className="settings-section__description">{t('settings.appearance.description')}</p>
          </div>
          <div className="panel settings-section__card">
            <AppearanceSection />
          </div>
        </section>
      </div>
    </div>
  );
}
