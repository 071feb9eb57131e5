import type { ApplicationDetail, CheckResult } from '@grantleaf/shared/application-document.schema';
import type { ReactNode } from 'react';

/** What the app plugs into the editor: features of their own that the editor does not import. */
export interface EditorSlots {
  /** The guidelines checklist (its own feature), given by the app. */
  guidelines?: (applicationId: string) => ReactNode;
  /** The content library (its own feature); its blocks go into the section last focused. */
  library?: (onInsert: (text: string) => void) => ReactNode;
  /** Sharing and comments (the teams feature, issue 32 §2), given by the app. */
  team?: (app: ApplicationDetail, focus: (sectionId: string, quote: string) => void) => ReactNode;
  /**
   * A resubmission's findings (the reviews feature, issue 27 §3): it hands its items to `onItems`,
   * and they join the live checks' list, so the one verdict rule (ADR 0246) counts them.
   */
  resubmission?: (
    applicationId: string,
    savedVersion: number,
    onItems: (items: CheckResult['left']) => void,
  ) => ReactNode;
}
