import type { Application } from '@grantleaf/shared/applications.schema';
import type { ReactNode } from 'react';
import { Label } from '../../../components/ui/input.tsx';
import '../../../i18n/submissions-catalogue.ts';
import { useTranslation } from '../../../i18n/index.ts';
import { useCurrentUser } from '../../auth/api/auth.api.ts';
import { applicationsQuery } from '../../../lib/queries/applications.queries.ts';
import { useQuery } from '@tanstack/react-query';

/**
 * The user's applications a draft or an analysis may be for: those of the chosen program and those
 * with no program on record (issue 28 item 10, ADR 0453); none before a program is chosen. The
 * server refuses another program's application (400), so the list never offers one. Read only
 * while the dialog is open.
 */
export function useApplicationChoices(open: boolean, programId: string): Application[] {
  const { data: user } = useCurrentUser();
  const applications = useQuery(applicationsQuery(open ? user?.id : undefined)).data ?? [];
  return programId ? applications.filter((a) => a.programId === programId || a.programId === null) : [];
}

/**
 * "Write this draft for my application" (generate dialog) and "Attach to application" (analyze
 * dialog): one of the user's applications, or None. Shows nothing when there is no choice.
 */
export function ApplicationSelect({
  id,
  label,
  choices,
  value,
  onChange,
  describedBy,
  children,
}: {
  id: string;
  label: string;
  choices: readonly Application[];
  /** '' for None. */
  value: string;
  onChange: (applicationId: string) => void;
  /** The id of a note about the chosen application (the generate dialog's saved budget). */
  describedBy?: string;
  /** That note, under the list. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  if (choices.length === 0) return null;
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        className="w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm"
        value={value}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{t('applicationSelect.none')}</option>
        {choices.map((a) => (
          <option key={a.id} value={a.id}>
            {a.title} ({a.program})
          </option>
        ))}
      </select>
      {children}
    </div>
  );
}
