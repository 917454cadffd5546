import { useTranslation } from 'react-i18next';
import type { LayoutField, SchemaLayout } from '../../../../shared/contract';
import { formatAmount, formatDate } from '../documents/model/format';

/** FatturaPA (own layout) and KSeF FA(2)/FA(3): labelled sections in the order of the schema. */
export function SchemaLayoutView({ layout }: { layout: SchemaLayout }) {
  const { t, i18n } = useTranslation();
  const label = (key: string, fallback?: string) => fallback || t(`viewer.fields.${key}`, { defaultValue: key });
  const value = (field: LayoutField) => {
    if (field.kind === 'date') return formatDate(i18n.language, field.value);
    if (field.kind === 'amount') return formatAmount(i18n.language, { text: field.value, value: Number(field.value), ...(field.currency ? { currency: field.currency } : {}) }, field.currency);
    return field.value;
  };
  return (
    <div className="doc-view schema-layout">
      {layout.sections.map((section, sectionIndex) => (
        <section key={`${section.key}-${sectionIndex}`} className="doc-section">
          <h3 className="doc-section__title">
            {t(`viewer.sections.${section.key}`, { defaultValue: section.key })}
            {section.subtitle ? <span className="doc-section__subtitle"> · {section.subtitle}</span> : null}
          </h3>
          {section.fields.length > 0 ? (
            <dl className="kv-list kv-list--columns">
              {section.fields.map((field, index) => (
                <div key={`${field.key}-${index}`} className="kv-list__row">
                  <dt>{label(field.key, field.label)}</dt>
                  <dd className={field.kind === 'code' ? 'mono' : undefined}>{value(field)}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          {section.tables.map((table) => (
            <div key={table.key} className="doc-table-wrap">
              <table className="doc-table">
                <thead>
                  <tr>
                    {table.columns.map((column) => (
                      <th key={column.key} scope="col" className={column.numeric ? 'num' : undefined}>
                        {label(column.key, column.label)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {table.rows.map((row, rowIndex) => (
                    <tr key={rowIndex}>
                      {row.map((cell, cellIndex) => (
                        <td key={cellIndex} className={table.columns[cellIndex]?.numeric ? 'num' : undefined}>
                          {table.key === 'vatSummary' && cellIndex === 0 ? label(cell) : cell}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ))}
          {section.texts.map((text, index) => (
            <p key={index} className="doc-note">
              {text}
            </p>
          ))}
        </section>
      ))}
    </div>
  );
}
