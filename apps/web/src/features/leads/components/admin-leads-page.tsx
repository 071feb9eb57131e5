import { formatDateTime } from '../../../lib/format-date.ts';
import {
  GRANT_SIZES,
  INTEREST_TYPES,
  LEAD_ROLES,
  LEAD_STATUSES,
  labelOf,
  leadStatusSchema,
} from '@grantleaf/shared/leads.schema';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Card } from '../../../components/ui/card.tsx';
import { useCurrentUser } from '../../auth/api/auth.api.ts';
import { useUpdateLeadStatus } from '../api/leads.api.ts';
import { Select } from '../../../components/ui/input.tsx';
import { NotAuthorised } from '../../../components/not-authorised.tsx';
import '../../../i18n/admin-catalogue.ts';
import '../../../i18n/dashboard-catalogue.ts';
import { translateMessage, useTranslation } from '../../../i18n/index.ts';
import { adminLeadsQuery, adminZenoLeadsQuery } from '../api/leads.queries.ts';
import { useQuery } from '@tanstack/react-query';

const th = 'px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-700';
const td = 'px-3 py-2 align-top text-sm text-slate-900';

/** /admin/leads: both lead lists, with the grant-analysis lead's status control. Admins only. */
export function AdminLeadsPage() {
  const { data: user } = useCurrentUser();
  const isAdmin = Boolean(user?.isAdmin);
  const leads = useQuery(adminLeadsQuery(isAdmin));
  const zenoLeads = useQuery(adminZenoLeadsQuery(isAdmin));
  const updateStatus = useUpdateLeadStatus();
  const { t } = useTranslation();
  // The stored status ('analysis_sent') in words, from the catalogue (issue 28 item 14).
  const statusOptions = LEAD_STATUSES.map((s) => ({
    value: s.value,
    label: t(`labels.leadStatus.${s.value}`),
  }));

  if (!isAdmin) {
    return <NotAuthorised />;
  }

  return (
    <main className="mx-auto max-w-7xl space-y-8 px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold text-slate-900">{t('adminLeads.title')}</h1>
        <Link to="/dashboard" className="text-sm font-medium text-brand-800 underline">
          {t('adminPages.back')}
        </Link>
      </div>

      <section aria-labelledby="analysis-leads-title">
        <h2 id="analysis-leads-title" className="text-lg font-semibold text-slate-900">
          {t('adminLeads.analysisTitle')}
        </h2>
        <Card className="mt-3 overflow-x-auto">
          {leads.isLoading ? (
            <p className="p-4 text-sm text-slate-700">{t('common.loading')}</p>
          ) : leads.isError ? (
            <p className="p-4 text-sm text-red-700">
              {t('adminLeads.leadsFailed', { message: leads.error.message })}
            </p>
          ) : !leads.data?.length ? (
            <p className="p-4 text-sm text-slate-700">{t('adminLeads.none')}</p>
          ) : (
            <table className="min-w-full divide-y divide-slate-200">
              <thead className="bg-slate-50">
                <tr>
                  <th className={th}>{t('adminLeads.received')}</th>
                  <th className={th}>{t('adminLeads.email')}</th>
                  <th className={th}>{t('adminLeads.role')}</th>
                  <th className={th}>{t('adminLeads.organization')}</th>
                  <th className={th}>{t('adminLeads.grantSize')}</th>
                  <th className={th}>{t('adminLeads.message')}</th>
                  <th className={th}>{t('adminLeads.status')}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {leads.data.map((lead) => (
                  <tr key={lead.id} data-testid="lead-row">
                    <td className={`${td} whitespace-nowrap`}>{formatDateTime(lead.createdAt)}</td>
                    <td className={td}>{lead.email}</td>
                    <td className={td}>{translateMessage(labelOf(LEAD_ROLES, lead.role))}</td>
                    <td className={td}>{lead.organization}</td>
                    <td className={td}>{translateMessage(labelOf(GRANT_SIZES, lead.grantSize))}</td>
                    <td className={`${td} max-w-xs whitespace-pre-wrap break-words`}>{lead.message ?? ''}</td>
                    <td className={td}>
                      <Select
                        aria-label={t('adminLeads.statusOf', { email: lead.email })}
                        options={statusOptions}
                        value={lead.status}
                        disabled={updateStatus.isPending && updateStatus.variables?.id === lead.id}
                        onChange={(e) => {
                          const status = leadStatusSchema.parse(e.target.value);
                          updateStatus.mutate(
                            { id: lead.id, status },
                            {
                              onSuccess: () => toast.success(t('adminLeads.statusUpdated')),
                              onError: (error) =>
                                toast.error(t('adminLeads.updateFailed'), { description: error.message }),
                            },
                          );
                        }}
                        className="min-w-36"
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Card>
      </section>

      <section aria-labelledby="zeno-leads-title">
        <h2 id="zeno-leads-title" className="text-lg font-semibold text-slate-900">
          {t('adminLeads.zenoTitle')}
        </h2>
        <Card className="mt-3 overflow-x-auto">
          {zenoLeads.isLoading ? (
            <p className="p-4 text-sm text-slate-700">{t('common.loading')}</p>
          ) : zenoLeads.isError ? (
            <p className="p-4 text-sm text-red-700">
              {t('adminLeads.requestsFailed', { message: zenoLeads.error.message })}
            </p>
          ) : !zenoLeads.data?.length ? (
            <p className="p-4 text-sm text-slate-700">{t('adminLeads.none')}</p>
          ) : (
            <table className="min-w-full divide-y divide-slate-200">
              <thead className="bg-slate-50">
                <tr>
                  <th className={th}>{t('adminLeads.received')}</th>
                  <th className={th}>{t('adminLeads.name')}</th>
                  <th className={th}>{t('adminLeads.email')}</th>
                  <th className={th}>{t('adminLeads.phone')}</th>
                  <th className={th}>{t('adminLeads.interest')}</th>
                  <th className={th}>{t('adminLeads.message')}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {zenoLeads.data.map((row) => (
                  <tr key={row.id} data-testid="zeno-lead-row">
                    <td className={`${td} whitespace-nowrap`}>{formatDateTime(row.createdAt)}</td>
                    <td className={td}>{row.name}</td>
                    <td className={td}>{row.email}</td>
                    <td className={td}>{row.phoneNumber}</td>
                    <td className={td}>{translateMessage(labelOf(INTEREST_TYPES, row.interestType))}</td>
                    <td className={`${td} max-w-xs whitespace-pre-wrap break-words`}>{row.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Card>
      </section>
    </main>
  );
}
