import {
  CATALOGUE_FILTERS,
  VERIFICATION_MAX_AGE_MONTHS,
  type AdminProgramSummary,
} from '@grantleaf/shared/catalogue.schema';
import { PROGRAM_QUERY_MAX } from '@grantleaf/shared/programs.schema';
import { useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Input, Label } from '../../../components/ui/input.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { ToneBadge } from '../../../components/ui/tone-badge.tsx';
import { NotAuthorised } from '../../../components/not-authorised.tsx';
import { useCurrentUser } from '../../auth/api/auth.api.ts';
import '../../../i18n/admin-catalogue.ts';
import '../../../i18n/dashboard-catalogue.ts';
import { useTranslation } from '../../../i18n/index.ts';
import { formatCount } from '../../../lib/format-number.ts';
import { LastSync } from './last-sync.tsx';
import { adminProgramsQuery } from '../api/admin-catalogue.queries.ts';
import { useQuery } from '@tanstack/react-query';
import { ADMIN_CATALOGUE_PAGE_SIZE } from '../api/admin-catalogue.queries.ts';
import { type CatalogueFilter } from '../api/admin-catalogue.queries.ts';

const th = 'px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-700';
const td = 'px-3 py-2 align-top text-sm text-slate-900';

/** The record's curation state as badges: flagged by the daily job, retired. */
export function CurationBadges({
  program,
}: {
  program: Pick<AdminProgramSummary, 'needsVerification' | 'retired'>;
}) {
  const { t } = useTranslation();
  return (
    <>
      {program.needsVerification && !program.retired && (
        <ToneBadge tone="orange">{t('adminCatalogue.needsVerification')}</ToneBadge>
      )}
      {program.retired && <ToneBadge tone="grey">{t('adminCatalogue.retired')}</ToneBadge>}
    </>
  );
}

/** /admin/catalogue: search the catalogue, see what needs re-verifying, open a record to curate it. */
export function AdminCataloguePage() {
  const { data: user } = useCurrentUser();
  const isAdmin = Boolean(user?.isAdmin);
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [filter, setFilter] = useState<CatalogueFilter>('active');
  const [page, setPage] = useState(1);
  const list = useQuery(adminProgramsQuery(isAdmin, q, filter, page));
  const { t } = useTranslation();

  if (!isAdmin) return <NotAuthorised />;

  const total = list.data?.total ?? 0;
  const programs = list.data?.programs ?? [];
  return (
    <main className="mx-auto max-w-7xl space-y-6 px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold text-slate-900">{t('adminCatalogue.title')}</h1>
        <Link to="/dashboard" className="text-sm font-medium text-brand-800 underline">
          {t('adminPages.back')}
        </Link>
      </div>
      <p className="text-sm text-slate-700">
        {t('adminCatalogue.intro', { months: VERIFICATION_MAX_AGE_MONTHS })}
      </p>
      <LastSync enabled={isAdmin} />
      <form
        role="search"
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          setQ(text.trim());
          setPage(1);
        }}
      >
        <div className="w-full min-w-0 sm:w-80">
          <Label htmlFor="catalogue-search">{t('adminCatalogue.search')}</Label>
          <Input
            id="catalogue-search"
            type="search"
            value={text}
            maxLength={PROGRAM_QUERY_MAX}
            onChange={(e) => setText(e.target.value)}
            placeholder={t('adminCatalogue.searchPlaceholder')}
          />
        </div>
        <div className="w-full min-w-0 sm:w-72">
          <Label htmlFor="catalogue-filter">{t('adminCatalogue.show')}</Label>
          <select
            id="catalogue-filter"
            value={filter}
            onChange={(e) => {
              setFilter(e.target.value as CatalogueFilter);
              setPage(1);
            }}
            className="block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900"
          >
            {CATALOGUE_FILTERS.map((f) => (
              <option key={f.value} value={f.value}>
                {t(`labels.catalogueFilter.${f.value}`, { months: VERIFICATION_MAX_AGE_MONTHS })}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClass()}>
          {t('adminCatalogue.search')}
        </button>
      </form>
      <p className="text-sm text-slate-700" aria-live="polite" data-testid="catalogue-count">
        {list.data ? t('adminCatalogue.count', { count: total, n: formatCount(total) }) : ''}
      </p>
      <Card className="overflow-x-auto" tabIndex={0} role="region" aria-label={t('adminCatalogue.programs')}>
        {list.isLoading ? (
          <p className="p-4 text-sm text-slate-700">{t('common.loading')}</p>
        ) : list.isError ? (
          <p className="p-4 text-sm text-red-700" role="alert">
            {t('adminCatalogue.failed', { message: list.error.message })}
          </p>
        ) : programs.length === 0 ? (
          <p className="p-4 text-sm text-slate-700">{t('adminCatalogue.none')}</p>
        ) : (
          <table className="min-w-full divide-y divide-slate-200">
            <thead className="bg-slate-50">
              <tr>
                <th className={th}>{t('adminCatalogue.program')}</th>
                <th className={th}>{t('adminCatalogue.agency')}</th>
                <th className={th}>{t('adminCatalogue.jurisdiction')}</th>
                <th className={th}>{t('adminCatalogue.lastVerified')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {programs.map((p) => (
                <tr key={p.id} data-testid="catalogue-row">
                  {/* The record's own words (name, agency, jurisdiction) stay as curated, in English, as on the programs table (ADR 0905). */}
                  <td className={td} lang="en">
                    <Link
                      to={`/admin/catalogue/${encodeURIComponent(p.id)}`}
                      className="font-medium text-brand-800 underline"
                    >
                      {p.name}
                    </Link>
                  </td>
                  <td className={td} lang="en">
                    {p.agency}
                  </td>
                  <td className={td} lang="en">
                    {p.jurisdiction}
                  </td>
                  <td className={td}>
                    <span className="flex flex-wrap items-center gap-2">
                      {p.lastVerified ?? t('adminCatalogue.never')}
                      <CurationBadges program={p} />
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <Pager
          label={t('adminCatalogue.programs')}
          page={page}
          pageCount={Math.max(1, Math.ceil(total / ADMIN_CATALOGUE_PAGE_SIZE))}
          setPage={setPage}
        />
      </Card>
    </main>
  );
}
