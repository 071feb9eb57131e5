import { TABLE_PAGE_SIZE } from '@grantleaf/shared/constants';
import { useState } from 'react';
import { Button } from './button.tsx';
import '../../i18n/dashboard-catalogue.ts';
import { useTranslation } from '../../i18n/index.ts';

/** The rows of the current page (spec §9: 5 per page); the page snaps back when rows disappear. */
export function usePaged<T>(rows: readonly T[], pageSize: number = TABLE_PAGE_SIZE) {
  const [page, setPage] = useState(1);
  const pageCount = Math.max(1, Math.ceil(rows.length / pageSize));
  const current = Math.min(page, pageCount);
  return {
    page: current,
    pageCount,
    rows: rows.slice((current - 1) * pageSize, current * pageSize),
    setPage,
  };
}

export function Pager({
  label,
  page,
  pageCount,
  setPage,
}: {
  label: string;
  page: number;
  pageCount: number;
  setPage: (n: number) => void;
}) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  return (
    <nav
      aria-label={t('table.pages', { label })}
      className="flex items-center justify-end gap-3 border-t border-slate-200 px-4 py-2 text-sm"
    >
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
        {t('table.previous')}
      </Button>
      <span aria-live="polite">{t('table.page', { page, total: pageCount })}</span>
      <Button variant="secondary" size="sm" disabled={page >= pageCount} onClick={() => setPage(page + 1)}>
        {t('table.next')}
      </Button>
    </nav>
  );
}
