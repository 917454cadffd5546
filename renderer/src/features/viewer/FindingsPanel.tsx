import { useTranslation } from 'react-i18next';
import type { ViewerFinding } from '../../../../shared/contract';

/** The official rules' findings on the document; a click shows the place in the source. */
export function FindingsPanel({ findings, onShow }: { findings: ViewerFinding[]; onShow(line: number): void }) {
  const { t } = useTranslation();
  return (
    <section className="viewer-findings" aria-label={t('viewer.validation.title')}>
      <h3 className="doc-section__title">{t('viewer.validation.title')}</h3>
      <ul>
        {findings.map((finding, index) => (
          <li key={index} className={`viewer-findings__item viewer-findings__item--${finding.severity}`}>
            <span className="mono">{finding.rule}</span> {finding.message}
            {finding.line !== undefined ? (
              <button type="button" className="link-button" onClick={() => onShow(finding.line as number)}>
                {t('viewer.validation.showInSource')}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
