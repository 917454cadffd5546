import type { ReactNode } from 'react';

export interface FiscalTableColumn {
  label: string;
  /** Right-aligned figures. */
  numeric?: boolean;
  /** Named for assistive technology only (e.g. an actions column). */
  labelHidden?: boolean;
}

/** A fiscal data table: hidden caption, column headers, and the caller's rows as the body. */
export function FiscalTable({ caption, columns, className, children }: { caption: string; columns: FiscalTableColumn[]; className?: string; children: ReactNode }) {
  return (
    <div className="table-wrap">
      <table className={['fiscal-table', className].filter(Boolean).join(' ')}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={column.numeric ? 'num' : undefined}>
                {column.labelHidden ? <span className="visually-hidden">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
