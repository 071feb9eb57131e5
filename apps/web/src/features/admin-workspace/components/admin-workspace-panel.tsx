import { formatDate } from '../../../lib/format-date.ts';
import { MARKETING_SERVICES, type MarketingService } from '@grantleaf/shared/marketing.constants';
import { useState } from 'react';
import { DataTable } from '../../../components/data-table.tsx';
import { INTL_LOCALE, useTranslation, type Language } from '../../../i18n/index.ts';
import '../../../i18n/admin-catalogue.ts';
import '../../../i18n/marketing-catalogue.ts';
import {
  adminAffiliatesQuery,
  adminCommissionsQuery,
  adminMarketingRequestsQuery,
} from '../api/admin-workspace.queries.ts';
import { useQuery } from '@tanstack/react-query';

const money = (language: Language, cents: number, currency = 'CAD') =>
  new Intl.NumberFormat(INTL_LOCALE[language], { style: 'currency', currency }).format(cents / 100);

const isService = (value: string): value is MarketingService =>
  MARKETING_SERVICES.some((s) => s.value === value);

/** Admin-only lists of marketing requests, affiliate members and commissions; loaded when opened. */
export function AdminWorkspacePanel({ isAdmin }: { isAdmin: boolean }) {
  const { t, language } = useTranslation();
  const [open, setOpen] = useState(false);
  const marketing = useQuery(adminMarketingRequestsQuery(isAdmin && open));
  const affiliates = useQuery(adminAffiliatesQuery(isAdmin && open));
  const commissions = useQuery(adminCommissionsQuery(isAdmin && open));
  if (!isAdmin) return null;
  // The marketing dialog's words for each service; a value it does not know, as stored.
  const service = (value: string) => (isService(value) ? t(`marketing.service.${value}`) : value);
  return (
    <details
      className="rounded-lg border border-slate-200 bg-white p-4"
      onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}
    >
      <summary className="cursor-pointer font-semibold text-slate-900">
        {t('adminPanels.workspace.summary')}
      </summary>
      {open && (
        <div className="mt-4 space-y-4">
          <DataTable
            title={t('adminPanels.workspace.marketing')}
            rows={marketing.data?.requests}
            isLoading={marketing.isLoading}
            error={marketing.error}
            emptyText={t('adminPanels.workspace.noMarketing')}
            rowKey={(r) => r.id}
            columns={[
              { header: t('adminPanels.workspace.date'), cell: (r) => formatDate(r.createdAt) },
              { header: t('adminPanels.workspace.user'), cell: (r) => `${r.userName} (${r.accountEmail})` },
              { header: t('adminPanels.workspace.contact'), cell: (r) => `${r.phone} · ${r.email}` },
              {
                header: t('adminPanels.workspace.services'),
                cell: (r) => r.services.map(service).join(', '),
              },
              { header: t('adminPanels.workspace.description'), cell: (r) => r.description || '—' },
            ]}
          />
          <DataTable
            title={t('adminPanels.workspace.affiliates')}
            rows={affiliates.data?.affiliates}
            isLoading={affiliates.isLoading}
            error={affiliates.error}
            emptyText={t('adminPanels.workspace.noAffiliates')}
            rowKey={(a) => a.userId}
            columns={[
              { header: t('adminPanels.workspace.joined'), cell: (a) => formatDate(a.joinedAt) },
              { header: t('adminPanels.workspace.member'), cell: (a) => `${a.name} (${a.email})` },
              { header: t('adminPanels.workspace.phone'), cell: (a) => a.phone },
              { header: t('adminPanels.workspace.code'), cell: (a) => a.code },
              { header: t('adminPanels.workspace.referred'), cell: (a) => a.referredCount },
              { header: t('adminPanels.workspace.earnings'), cell: (a) => money(language, a.earningsCents) },
            ]}
          />
          <DataTable
            title={t('adminPanels.workspace.commissions')}
            rows={commissions.data?.commissions}
            isLoading={commissions.isLoading}
            error={commissions.error}
            emptyText={t('adminPanels.workspace.noCommissions')}
            rowKey={(c) => c.id}
            columns={[
              { header: t('adminPanels.workspace.date'), cell: (c) => formatDate(c.createdAt) },
              { header: t('adminPanels.workspace.affiliate'), cell: (c) => c.affiliateEmail },
              { header: t('adminPanels.workspace.referredUser'), cell: (c) => c.referredEmail },
              {
                header: t('adminPanels.workspace.payment'),
                cell: (c) => money(language, c.paymentCents, c.currency),
              },
              {
                header: t('adminPanels.workspace.commission'),
                cell: (c) => money(language, c.amountCents, c.currency),
              },
            ]}
          />
        </div>
      )}
    </details>
  );
}
