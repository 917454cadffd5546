import { useTranslation } from 'react-i18next';
import type { KsefVerificationCode } from '../../../../shared/contract';

/**
 * A KSeF invoice's KOD I, drawn by the core (a data: SVG, so the printed PDF carries it too), with
 * the text KSeF asks for under it and the URL it encodes.
 */
export function VerificationCode({ code }: { code: KsefVerificationCode }) {
  const { t } = useTranslation();
  return (
    <section className="doc-section verification-code" aria-label={t('viewer.verification.title')}>
      <h3 className="doc-section__title">{t('viewer.verification.title')}</h3>
      <figure className="verification-code__figure">
        <img className="verification-code__image" src={code.image} alt={t('viewer.verification.image')} width={150} height={150} />
        <figcaption className="verification-code__label mono">{code.label}</figcaption>
      </figure>
      <p className="doc-note">{t('viewer.verification.scan')}</p>
      <p className="doc-note mono verification-code__url">{code.url}</p>
      <p className="doc-note">{t('viewer.verification.label')}</p>
    </section>
  );
}
