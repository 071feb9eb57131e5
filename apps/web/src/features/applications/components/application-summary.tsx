import { POTENTIAL_FUNDING_TEXT } from '@grantleaf/shared/constants';
import { summariseApplications } from '@grantleaf/shared/display-rules';
import { memo, type ReactNode } from 'react';
import { Card } from '../../../components/ui/card.tsx';
import { useApplications } from '../api/applications.api.ts';

/** The dashboard's three summary cards (spec §2), from the user's tracked applications. */
export const ApplicationSummaryPanel = memo(function ApplicationSummaryPanel({ userId }: { userId: string }) {
  const applications = useApplications(userId);
  const summary = summariseApplications(applications.data ?? []);
  const value = (n: number) => (applications.isLoading ? '…' : applications.isError ? '—' : String(n));
  const cards: Array<{ label: string; value: string; extra?: ReactNode }> = [
    { label: 'Applications in Progress', value: value(summary.inProgress) },
    { label: 'Approved Applications', value: value(summary.approved) },
    { label: 'Potential Funding', value: POTENTIAL_FUNDING_TEXT },
  ];
  return (
    <section aria-label="Summary" className="grid gap-4 md:grid-cols-3">
      {cards.map((c) => (
        <Card key={c.label} className="p-4">
          <p className="text-sm text-slate-600">{c.label}</p>
          <p className="mt-1 text-2xl font-bold text-slate-900" data-testid={`card-${c.label}`}>
            {c.value}
          </p>
        </Card>
      ))}
    </section>
  );
});
