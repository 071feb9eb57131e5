import type { ApplicationDetail, CheckResult } from '@grantleaf/shared/application-document.schema';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { AnalysesPanel } from './analyses-panel.tsx';
import { CheckPanel } from './check-panel.tsx';
import type { EditorSlots } from './editor-slots.ts';

/**
 * The editor's tools column: the live checks, then the features the app plugs in (team, analyses,
 * resubmission, guidelines, content library). Only the owner sees the owner's tools.
 */
export function EditorSidePanel({
  app,
  checks,
  isOwner,
  slots,
  guidelinesPanel,
  savedVersion,
  onFocus,
  onResubmissionItems,
  onInsert,
}: {
  app: ApplicationDetail;
  checks: CheckResult | null;
  isOwner: boolean;
  slots: EditorSlots;
  /** The guidelines checklist, when it is not in the main column (null then). */
  guidelinesPanel: ReactNode;
  savedVersion: number;
  onFocus: (sectionId: string | null, quote?: string | null) => void;
  onResubmissionItems: (items: CheckResult['left']) => void;
  /** Puts a content-library block into the section last focused. */
  onInsert: (text: string) => void;
}) {
  const { t } = useTranslation();
  const headerOf = (sid: string) => app.sections.find((s) => s.id === sid)?.header ?? sid;
  return (
    <aside className="min-w-0 space-y-4" aria-label={t('editor.tools')}>
      <CheckPanel result={checks} sectionHeader={headerOf} onFocus={onFocus} />
      {slots.team ? slots.team(app, (sid, quote) => onFocus(sid, quote)) : null}
      {isOwner ? <AnalysesPanel applicationId={app.id} /> : null}
      {isOwner && slots.resubmission ? slots.resubmission(app.id, savedVersion, onResubmissionItems) : null}
      {guidelinesPanel}
      {isOwner && slots.library ? slots.library(onInsert) : <div data-slot="content-library-panel" hidden />}
    </aside>
  );
}
