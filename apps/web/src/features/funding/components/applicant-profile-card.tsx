import { Card } from '../../../components/ui/card.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useApplicantProfile } from '../api/applicant-profile.api.ts';
import { ApplicantProfileForm } from './applicant-profile-form.tsx';

/** The account page's applicant profile (issue 25 §1): the facts funding searches start from. */
export function ApplicantProfileCard() {
  const query = useApplicantProfile();
  return (
    <Card className="p-6" aria-labelledby="applicant-profile-title">
      <h2 id="applicant-profile-title" className="text-lg font-semibold text-slate-900">
        Applicant profile
      </h2>
      <p className="mt-2 text-sm text-slate-700">
        Who applies, where and in which field: the funding finder checks each program&apos;s eligibility rules
        against these facts and lists the programs you cannot apply to apart, with the reason.
        {query.data?.updatedAt ? ` Last saved ${formatDateTime(query.data.updatedAt)}.` : ''}
      </p>
      <div className="mt-4">
        {query.isLoading ? (
          <p className="text-sm text-slate-700">Loading...</p>
        ) : query.isError ? (
          <p className="text-sm text-red-700">
            Failed to fetch your applicant profile: {query.error.message}
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
