import { TABLE_PAGE_SIZE } from '@grantleaf/shared/constants';
import { JURISDICTIONS, PROGRAM_QUERY_MAX, PROGRAM_TYPES } from '@grantleaf/shared/programs.constants';
import type { GrantProgram, Jurisdiction, ProgramType } from '@grantleaf/shared/programs.schema';
import { useEffect, useState, type ReactNode } from 'react';
import { Input, Label, Select } from '../../../components/ui/input.tsx';
import '../../../i18n/dashboard-catalogue.ts';
import { useTranslation } from '../../../i18n/index.ts';
import { formatCount } from '../../../lib/format-number.ts';
import { DataTable } from '../../../components/data-table.tsx';
import { DeadlineCell } from '../../../components/status-cells.tsx';
import { fundingRangeText } from './funding-range.ts';
import { programPageQuery } from '../api/programs.queries.ts';
import { useQuery } from '@tanstack/react-query';
import { type ProgramFilters } from '../api/programs.queries.ts';

/** Typing pauses this long before the search goes to the server. */
const SEARCH_DELAY_MS = 300;

/**
 * A province's search also names the federal programs its words match, which are open to
 * applicants there too: "NSERC" in Ontario finds no Ontario program (issue 28 item 11).
 */
function FederalHint({ count, onShow }: { count: number | undefined; onShow: () => void }) {
  const { t } = useTranslation();
  if (!count) return null;
  return (
    <p className="text-sm text-slate-800 sm:col-span-3" data-testid="federal-hint">
      {t('programSearch.federalHint', { count, n: formatCount(count) })}{' '}
      <button type="button" className="font-medium text-brand-700 underline" onClick={onShow}>
        {t('programSearch.showFederal')}
      </button>
    </p>
  );
}

/**
 * "All Grant Programs & Deadlines" (spec §2): 5 rows a page, searched, filtered and paged on the
 * server (issue 14 §4), so it reads one page whatever the size of the catalogue.
 */
export function ProgramsTable({
  searchActions,
  rowActions,
}: {
  /** Under the search (the alerts feature's "Save this search"), given the search as applied. */
  searchActions?: (filters: ProgramFilters) => ReactNode;
  /** A last column per program (the alerts feature's "Follow"). */
  rowActions?: { header: string; cell: (program: GrantProgram) => ReactNode };
} = {}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [filters, setFilters] = useState<ProgramFilters>({ q: '', jurisdiction: '', programType: '' });
  const [page, setPage] = useState(1);
  // Each change of the search or a filter starts again from the first page.
  const apply = (change: Partial<ProgramFilters>) => {
    setFilters((f) => ({ ...f, ...change }));
    setPage(1);
  };
  useEffect(() => {
    if (text === filters.q) return;
    const id = setTimeout(() => {
      setFilters((f) => ({ ...f, q: text }));
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(id);
  }, [text, filters.q]);
  const programs = useQuery(programPageQuery(filters, page));
  const total = programs.data?.total ?? 0;
  const filtered = filters.q.trim() !== '' || filters.jurisdiction !== '' || filters.programType !== '';
  const toolbar = (
    <div className="grid gap-3 border-b border-slate-200 px-4 py-3 sm:grid-cols-3">
      <div>
        <Label htmlFor="programs-search">{t('programsTable.search')}</Label>
        <Input
          id="programs-search"
          type="search"
          value={text}
          maxLength={PROGRAM_QUERY_MAX}
          placeholder={t('programsTable.searchPlaceholder')}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      <div>
        <Label htmlFor="programs-jurisdiction">{t('programsTable.jurisdiction')}</Label>
        <Select
          id="programs-jurisdiction"
          value={filters.jurisdiction}
          onChange={(e) => apply({ jurisdiction: e.target.value as Jurisdiction | '' })}
          anyOption={t('programsTable.allJurisdictions')}
          options={JURISDICTIONS.map(({ value }) => ({ value, label: t(`labels.jurisdiction.${value}`) }))}
        />
      </div>
      <div>
        <Label htmlFor="programs-type">{t('programsTable.programType')}</Label>
        <Select
          id="programs-type"
          value={filters.programType}
          onChange={(e) => apply({ programType: e.target.value as ProgramType | '' })}
          anyOption={t('programsTable.allTypes')}
          options={PROGRAM_TYPES.map(({ value }) => ({ value, label: t(`labels.programType.${value}`) }))}
        />
      </div>
      <p className="text-xs text-slate-600 sm:col-span-3" aria-live="polite" data-testid="programs-count">
        {programs.data
          ? programs.data.capped
            ? t('programsTable.capped', { n: formatCount(total) })
            : t('programsTable.count', { count: total, n: formatCount(total) })
          : ''}
      </p>
      <FederalHint count={programs.data?.federalMatches} onShow={() => apply({ jurisdiction: 'CA-FED' })} />
      {searchActions && <div className="sm:col-span-3">{searchActions(filters)}</div>}
    </div>
  );
  return (
    <DataTable
      title={t('programsTable.title')}
      rows={programs.data?.programs}
      isLoading={programs.isLoading}
      error={programs.error}
      emptyText={filtered ? t('programsTable.noMatch') : t('programsTable.empty')}
      rowKey={(p) => p.id}
      toolbar={toolbar}
      paging={{ page, pageCount: Math.max(1, Math.ceil(total / TABLE_PAGE_SIZE)), setPage }}
      columns={[
        // The catalogue's own words (agencies, names, jurisdictions) are its English, marked
        // so (ADR 0730); the table's are the interface's.
        { header: t('programsTable.columns.agency'), cell: (p) => <span lang="en">{p.agency}</span> },
        {
          header: t('programsTable.columns.program'),
          cell: (p) => (
            <span lang="en" className="font-medium">
              {p.name}
            </span>
          ),
        },
        {
          header: t('programsTable.columns.jurisdiction'),
          cell: (p) => <span lang="en">{p.jurisdiction}</span>,
        },
        { header: t('programsTable.columns.funding'), cell: (p) => fundingRangeText(p) },
        {
          header: t('programsTable.columns.deadline'),
          cell: (p) => (
            <DeadlineCell
              deadline={p.deadline}
              expected={p.deadlineExpected}
              intake={p.intake}
              pattern={p.deadlinePattern}
              closed={p.closed}
              intakeKind={p.intakeKind}
            />
          ),
        },
        ...(rowActions ? [rowActions] : []),
      ]}
    />
  );
}
