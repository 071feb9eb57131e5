import { Fragment, useState, type ReactNode } from 'react';
import { Card } from './ui/card.tsx';
import { Pager, usePaged } from './ui/pager.tsx';
import '../i18n/dashboard-catalogue.ts';
import { useTranslation } from '../i18n/index.ts';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
}

/**
 * Below 640 px a table becomes one labelled card per row (issue 28 item 7): a five-column table
 * scrolled sideways with no cue and hid its last columns (a program's Funding, Deadline and
 * Follow; the ledger's Credits). Each cell names its column through `data-label`, shown before it
 * by CSS only, so the DOM, the table's semantics and the tests' queries stay those of one table.
 */
export const stacked = {
  table: 'max-sm:block',
  head: 'max-sm:sr-only',
  body: 'max-sm:block',
  row: 'max-sm:block max-sm:py-2',
  cell: [
    'max-sm:flex max-sm:gap-3 max-sm:py-1 max-sm:text-left max-sm:whitespace-normal max-sm:break-words max-sm:[&>*]:min-w-0',
    'max-sm:before:w-24 max-sm:before:shrink-0 max-sm:before:content-[attr(data-label)]',
    'max-sm:before:text-xs max-sm:before:font-semibold max-sm:before:uppercase max-sm:before:text-slate-700',
  ].join(' '),
} as const;

/** A page the server chose: `rows` are that page's rows, and the pager moves through the server's pages. */
export interface ServerPaging {
  page: number;
  pageCount: number;
  setPage: (page: number) => void;
}

/**
 * One dashboard table: paged 5 rows a page (§9), with loading, error and empty states. A row
 * expands only when `expand` returns content for it (spec §4: only complete rows expand). With
 * `paging` the rows are already one page from the server (a catalogue too big to download);
 * `toolbar` (search and filters) stays above the rows whatever they are.
 */
export function DataTable<T>({
  title,
  rows,
  columns,
  rowKey,
  isLoading,
  error,
  emptyText,
  expand,
  paging,
  toolbar,
}: {
  title: string;
  rows: readonly T[] | undefined;
  columns: Column<T>[];
  rowKey: (row: T) => string;
  isLoading: boolean;
  error: Error | null;
  emptyText: string;
  expand?: (row: T) => ReactNode | null;
  paging?: ServerPaging;
  toolbar?: ReactNode;
}) {
  const local = usePaged(rows ?? []);
  const paged = paging ? { ...paging, rows: rows ?? [] } : local;
  const { t } = useTranslation();
  const [open, setOpen] = useState<string | null>(null);
  const headingId = `table-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Card aria-labelledby={headingId} role="region">
      <h2 id={headingId} className="border-b border-slate-200 px-4 py-3 font-semibold text-slate-900">
        {title}
      </h2>
      {toolbar}
      {isLoading ? (
        <p className="p-4 text-sm text-slate-600" role="status">
          {t('table.loading')}
        </p>
      ) : error ? (
        <p className="p-4 text-sm text-red-700" role="alert">
          {error.message}
        </p>
      ) : !rows || rows.length === 0 ? (
        <p className="p-4 text-sm text-slate-600">{emptyText}</p>
      ) : (
        <>
          {/* Focusable, so a keyboard user can scroll a table wider than a phone. */}
          <div className="overflow-x-auto" tabIndex={0} role="group" aria-labelledby={headingId}>
            <table className={`w-full text-left text-sm ${stacked.table}`}>
              <thead className={`bg-slate-50 text-xs uppercase text-slate-600 ${stacked.head}`}>
                <tr>
                  {expand && (
                    <th className="w-10 px-2 py-2">
                      <span className="sr-only">{t('table.details')}</span>
                    </th>
                  )}
                  {columns.map((c) => (
                    <th key={c.header} className="px-4 py-2">
                      {c.header}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className={stacked.body}>
                {paged.rows.map((row) => {
                  const key = rowKey(row);
                  const details = expand?.(row) ?? null;
                  const isOpen = open === key && details !== null;
                  return (
                    <Fragment key={key}>
                      <tr className={`border-t border-slate-100 align-top ${stacked.row}`}>
                        {expand && (
                          <td className="px-2 py-2 max-sm:block max-sm:px-4 max-sm:py-1 max-sm:empty:hidden">
                            {details !== null && (
                              <button
                                type="button"
                                aria-expanded={isOpen}
                                aria-label={isOpen ? t('table.hideDetails') : t('table.showDetails')}
                                onClick={() => setOpen(isOpen ? null : key)}
                                className="h-7 w-7 rounded text-slate-700 hover:bg-slate-100"
                              >
                                {isOpen ? '▾' : '▸'}
                              </button>
                            )}
                          </td>
                        )}
                        {columns.map((c) => (
                          <td
                            key={c.header}
                            data-label={c.header}
                            className={`${c.className ?? 'px-4 py-2 text-slate-800'} ${stacked.cell}`}
                          >
                            {c.cell(row)}
                          </td>
                        ))}
                      </tr>
                      {isOpen && (
                        <tr className="bg-slate-50 max-sm:block">
                          <td colSpan={columns.length + 1} className="px-4 py-4 max-sm:block">
                            {details}
                          </td>
                        </tr>
                      )}
                    </Fragment>
                  );
                })}
              </tbody>
            </table>
          </div>
          <Pager label={title} {...paged} />
        </>
      )}
    </Card>
  );
}
