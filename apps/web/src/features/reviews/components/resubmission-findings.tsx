import type { ResubmissionFinding } from '@grantleaf/shared/reviews.schema';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/index.ts';
import '../../../i18n/reviews-catalogue.ts';
import { resubmissionFindingsQuery } from '../api/reviews.queries.ts';
import { useQuery } from '@tanstack/react-query';

export interface ReadinessItem {
  message: string;
  sectionId: string | null;
}

/**
 * The resubmission's part of the editor's checks (issue 27 §3; ADR 0411): weaknesses with no
 * response, "done" rows the versions do not show, and the response section over its limit. Its
 * items are handed to the editor, which adds them to the live checks' list, so the one verdict
 * rule (ADR 0246) counts them with the rest; nothing shows for an application with no reviews.
 */
export function ResubmissionFindings({
  applicationId,
  savedVersion,
  onItems,
}: {
  applicationId: string;
  savedVersion: number;
  onItems: (items: ReadinessItem[]) => void;
}) {
  const { t } = useTranslation();
  const { data } = useQuery(resubmissionFindingsQuery(applicationId, savedVersion));
  const findings: ResubmissionFinding[] = data?.findings ?? [];
  const key = findings.map((f) => f.message).join('\n');
  useEffect(() => {
    onItems(findings.map((f) => ({ message: f.message, sectionId: f.sectionId })));
    // Compared by its messages (key), not by identity: a refetch with the same answer does not
    // re-render the editor.
  }, [key, onItems]);
  useEffect(() => () => onItems([]), [onItems]);
  if (!data?.resubmission) return null;
  const unanswered = findings.filter((f) => f.kind === 'unanswered').length;
  return (
    <section
      aria-labelledby="resubmission-title"
      className="rounded-md border border-slate-200 bg-white p-4"
      data-testid="resubmission-findings"
    >
      <h2 id="resubmission-title" className="text-base font-semibold text-slate-900">
        {t('reviews.findings.heading')}
      </h2>
      <p className="mt-1 text-sm text-slate-800">
        {unanswered > 0
          ? t('reviews.findings.unanswered', { count: unanswered })
          : t('reviews.findings.allAnswered')}
      </p>
      {findings.length > unanswered ? (
        <p className="mt-1 text-sm text-slate-800">
          {t('reviews.findings.other', { count: findings.length - unanswered })}
        </p>
      ) : null}
      <Link
        to={`/applications/${applicationId}/reviews`}
        className="mt-2 inline-block text-sm text-brand-800 underline"
      >
        {t('reviews.findings.openPlan')}
      </Link>
    </section>
  );
}
