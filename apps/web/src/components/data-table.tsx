import { Fragment, useState, type ReactNode } from 'react';
import { Card } from './ui/card.tsx';
import { Pager, usePaged } from './ui/pager.tsx';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
}

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
          Loading...
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
            <table className="w-full text-left text-sm">
              <thead className="bg-slate-50 text-xs uppercase text-slate-600">
                <tr>
                  {expand && (
                    <th className="w-10 px-2 py-2">
                      <span className="sr-only">Details</span>
                    </th>
                  )}
                  {columns.map((c) => (
                    <th key={c.header} className="px-4 py-2">
                      {c.header}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {paged.rows.map((row) => {
                  const key = rowKey(row);
                  const details = expand?.(row) ?? null;
                  const isOpen = open === key && details !== null;
                  return (
                    <Fragment key={key}>
                      <tr className="border-t border-slate-100 align-top">
                        {expand && (
                          <td className="px-2 py-2">
                            {details !== null && (
                              <button
                                type="button"
                                aria-expanded={isOpen}
                                aria-label={isOpen ? 'Hide details' : 'Show details'}
                                onClick={() => setOpen(isOpen ? null : key)}
                                className="h-7 w-7 rounded text-slate-700 hover:bg-slate-100"
                              >
                                {isOpen ? '▾' : '▸'}
                              </button>
                            )}
                          </td>
                        )}
                        {columns.map((c) => (
                          <td key={c.header} className={c.className ?? 'px-4 py-2 text-slate-800'}>
                            {c.cell(row)}
                          </td>
                        ))}
                      </tr>
                      {isOpen && (
                        <tr className="bg-slate-50">
                          <td colSpan={columns.length + 1} className="px-4 py-4">
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
