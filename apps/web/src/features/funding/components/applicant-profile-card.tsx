import { Card } from '../../../components/ui/card.tsx';
import '../../../i18n/funding-catalogue.ts';
import { translateMessage, useTranslation } from '../../../i18n/index.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { applicantProfileQuery } from '../api/funding.queries.ts';
import { ApplicantProfileForm } from './applicant-profile-form.tsx';
import { useQuery } from '@tanstack/react-query';

/** The account page's applicant profile (issue 25 §1): the facts funding searches start from. */
export function ApplicantProfileCard() {
  const query = useQuery(applicantProfileQuery());
  const { t } = useTranslation();
  return (
    <Card className="p-6" aria-labelledby="applicant-profile-title">
      <h2 id="applicant-profile-title" className="text-lg font-semibold text-slate-900">
        {t('applicantProfile.title')}
      </h2>
      <p className="mt-2 text-sm text-slate-700">
        {t('applicantProfile.intro')}
        {query.data?.updatedAt
          ? ` ${t('applicantProfile.lastSaved', { date: formatDateTime(query.data.updatedAt) })}`
          : ''}
      </p>
      <div className="mt-4">
        {query.isLoading ? (
          <p className="text-sm text-slate-700">{t('applicantProfile.loading')}</p>
        ) : query.isError ? (
          <p className="text-sm text-red-700">
            {t('applicantProfile.failed', { message: translateMessage(query.error.message) })}
          </p>
        ) : query.data ? (
          // Keyed by the save time, so a save elsewhere (the finder) shows here.
          <ApplicantProfileForm
            key={query.data.updatedAt ?? 'new'}
            profile={query.data.profile}
            suggested={query.data.suggested}
            id="account-profile"
          />
        ) : null}
      </div>
    </Card>
  );
}
