import type { Application } from '@grantleaf/shared/applications.schema';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { applicationQuery } from '../api/applications.queries.ts';
import { RichText } from './rich-text.tsx';
import '../../../i18n/submissions-catalogue.ts';
import { useTranslation } from '../../../i18n/index.ts';
import { applicationsQuery } from '../../../lib/queries/applications.queries.ts';
import { useQuery } from '@tanstack/react-query';

/** What the draft viewer shows of the application a generated draft became (issue 28 §1). */
export interface DraftVersion {
  /** Names the version shown, links to the editor and to the other version. */
  notice: ReactNode;
  /** The latest saved sections, or null when the page shows version 1 (the draft as generated). */
  latest: ReactNode | null;
  /** Added to the draft's export URL: empty for the latest, `&version=1` for the draft. */
  downloadQuery: string;
}

/**
 * A generated draft's application: the viewer shows its latest version (2 or later) unless the
 * address asks for `version=1`, and its downloads follow what is shown. Null for an analysis or a
 * draft not (yet) an application.
 */
export function useDraftVersion(
  submission: { id: string; type: string } | undefined,
  userId: string | undefined,
): DraftVersion | null {
  const [params] = useSearchParams();
  const applications = useQuery(applicationsQuery(submission?.type === 'generation' ? userId : undefined));
  const application = applications.data?.find((a) => a.submissionId === submission?.id);
  if (!submission || !application) return null;
  const latest = application.version > 1 && params.get('version') !== '1';
  return {
    notice: <VersionNotice application={application} submissionId={submission.id} latest={latest} />,
    latest: latest ? <LatestVersionView applicationId={application.id} /> : null,
    downloadQuery: latest ? '' : '&version=1',
  };
}

/**
 * Issue 28 §1: which version of a generated draft the viewer shows, with the way to the editor
 * (where edits are made) and to the other version. Version 1 is the draft as generated.
 */
function VersionNotice({
  application,
  submissionId,
  latest,
}: {
  application: Application;
  submissionId: string;
  /** True when the page shows the application's latest version (2 or later). */
  latest: boolean;
}) {
  const { t } = useTranslation();
  const edited = application.version > 1;
  const link = 'font-medium text-brand-800 underline';
  return (
    <p
      className="rounded-md border border-brand-200 bg-brand-50 p-3 text-sm text-slate-900 print:hidden"
      data-testid="version-notice"
    >
      {latest
        ? t('viewer.version.latest', { version: application.version })
        : edited
          ? t('viewer.version.firstEdited', { version: application.version })
          : t('viewer.version.first')}{' '}
      <Link to={`/applications/${application.id}`} className={link}>
        {t('viewer.version.openEditor')}
      </Link>
      {edited && (
        <>
          {' · '}
          <Link to={`/submissions/${submissionId}/view${latest ? '?version=1' : ''}`} className={link}>
            {latest
              ? t('viewer.version.viewFirst')
              : t('viewer.version.viewLatest', { version: application.version })}
          </Link>
        </>
      )}
    </p>
  );
}

/** The application's latest saved sections, in the funder's order, drawn as the editor stores them. */
function LatestVersionView({ applicationId }: { applicationId: string }) {
  const { t } = useTranslation();
  const { data, isLoading, error } = useQuery(applicationQuery(applicationId, { fresh: true }));
  if (isLoading) return <p>{t('viewer.loading')}</p>;
  if (error || !data) return <p className="text-red-800">{t('viewer.noContent')}</p>;
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900" data-testid="result-title">
          {data.title}
        </h1>
        <p className="text-slate-700">{data.program}</p>
      </header>
      {data.sections.map((s) => (
        <section key={s.id} className="space-y-2">
          <h2 className="text-lg font-semibold text-slate-900">{s.header}</h2>
          <RichText doc={s.doc} />
        </section>
      ))}
    </div>
  );
}
