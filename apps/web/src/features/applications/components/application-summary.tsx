import { summariseApplications } from '@grantleaf/shared/display-rules';
import { memo, type ReactNode } from 'react';
import { Card } from '../../../components/ui/card.tsx';
import '../../../i18n/applications-catalogue.ts';
import { useTranslation } from '../../../i18n/index.ts';
import { applicationsQuery } from '../../../lib/queries/applications.queries.ts';
import { useQuery } from '@tanstack/react-query';

/** The dashboard's three summary cards (spec §2), from the user's tracked applications. */
export const ApplicationSummaryPanel = memo(function ApplicationSummaryPanel({ userId }: { userId: string }) {
  const applications = useQuery(applicationsQuery(userId));
  const { t } = useTranslation();
  const summary = summariseApplications(applications.data ?? []);
  const value = (n: number) => (applications.isLoading ? '…' : applications.isError ? '—' : String(n));
  // The test ids stay spec §2's English card names; the English texts equal the spec's (and
  // POTENTIAL_FUNDING_TEXT, compared by applications-french.test.tsx).
  const cards: Array<{ id: string; label: string; value: string; extra?: ReactNode }> = [
    {
      id: 'Applications in Progress',
      label: t('applications.dashboardCards.inProgress'),
      value: value(summary.inProgress),
    },
    {
      id: 'Approved Applications',
      label: t('applications.dashboardCards.approved'),
      value: value(summary.approved),
    },
    {
      id: 'Potential Funding',
      label: t('applications.dashboardCards.potential'),
      value: t('applications.dashboardCards.potentialValue'),
    },
  ];
  return (
    <section aria-label={t('applications.summary')} className="grid gap-4 md:grid-cols-3">
      {cards.map((c) => (
        <Card key={c.id} className="p-4">
          <p className="text-sm text-slate-600">{c.label}</p>
          <p className="mt-1 text-2xl font-bold text-slate-900" data-testid={`card-${c.id}`}>
            {c.value}
          </p>
        </Card>
      ))}
    </section>
  );
});
