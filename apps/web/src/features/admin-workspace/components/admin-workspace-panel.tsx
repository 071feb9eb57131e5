import { formatDate } from '../../../lib/format-date.ts';
import { marketingServiceLabel } from '@grantleaf/shared/marketing.constants';
import { useState } from 'react';
import {
  useAdminAffiliates,
  useAdminCommissions,
  useAdminMarketingRequests,
} from '../api/admin-workspace.api.ts';
import { DataTable } from '../../../components/data-table.tsx';

const money = (cents: number, currency = 'CAD') =>
  new Intl.NumberFormat('en-CA', { style: 'currency', currency }).format(cents / 100);

/** Admin-only lists of marketing requests, affiliate members and commissions; loaded when opened. */
export function AdminWorkspacePanel({ isAdmin }: { isAdmin: boolean }) {
  const [open, setOpen] = useState(false);
  const marketing = useAdminMarketingRequests(isAdmin && open);
  const affiliates = useAdminAffiliates(isAdmin && open);
  const commissions = useAdminCommissions(isAdmin && open);
  if (!isAdmin) return null;
  return (
    <details
      className="rounded-lg border border-slate-200 bg-white p-4"
      onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}
    >
      <summary className="cursor-pointer font-semibold text-slate-900">
        Marketing requests, affiliates and commissions (Admin)
      </summary>
      {open && (
        <div className="mt-4 space-y-4">
          <DataTable
            title="Marketing Requests"
            rows={marketing.data?.requests}
            isLoading={marketing.isLoading}
            error={marketing.error}
            emptyText="No marketing requests yet."
            rowKey={(r) => r.id}
            columns={[
              { header: 'Date', cell: (r) => formatDate(r.createdAt) },
              { header: 'User', cell: (r) => `${r.userName} (${r.accountEmail})` },
              { header: 'Contact', cell: (r) => `${r.phone} · ${r.email}` },
              { header: 'Services', cell: (r) => r.services.map(marketingServiceLabel).join(', ') },
              { header: 'Description', cell: (r) => r.description || '—' },
            ]}
          />
          <DataTable
            title="Affiliates"
            rows={affiliates.data?.affiliates}
            isLoading={affiliates.isLoading}
            error={affiliates.error}
            emptyText="No affiliates yet."
            rowKey={(a) => a.userId}
            columns={[
              { header: 'Joined', cell: (a) => formatDate(a.joinedAt) },
              { header: 'Member', cell: (a) => `${a.name} (${a.email})` },
              { header: 'Phone', cell: (a) => a.phone },
              { header: 'Code', cell: (a) => a.code },
              { header: 'Referred', cell: (a) => a.referredCount },
              { header: 'Earnings', cell: (a) => money(a.earningsCents) },
            ]}
          />
          <DataTable
            title="Commissions"
            rows={commissions.data?.commissions}
            isLoading={commissions.isLoading}
            error={commissions.error}
            emptyText="No commissions yet."
            rowKey={(c) => c.id}
            columns={[
              { header: 'Date', cell: (c) => formatDate(c.createdAt) },
              { header: 'Affiliate', cell: (c) => c.affiliateEmail },
              { header: 'Referred user', cell: (c) => c.referredEmail },
              { header: 'Payment', cell: (c) => money(c.paymentCents, c.currency) },
              { header: 'Commission', cell: (c) => money(c.amountCents, c.currency) },
            ]}
          />
        </div>
      )}
    </details>
  );
}
