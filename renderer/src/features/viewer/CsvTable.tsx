import { useTranslation } from 'react-i18next';

/** One document of an upload CSV: its rows as a table. */
export function CsvTable({ header, rows }: { header: string[]; rows: string[][] }) {
  const { t } = useTranslation();
  return (
    <section className="doc-section">
      <h3 className="doc-section__title">{t('viewer.csv.rows', { count: rows.length })}</h3>
      <div className="doc-table-wrap">
        <table className="doc-table">
          <thead>
            <tr>
              {header.map((column, index) => (
                <th key={index} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, rowIndex) => (
              <tr key={rowIndex}>
                {row.map((cell, cellIndex) => (
                  <td key={cellIndex}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
