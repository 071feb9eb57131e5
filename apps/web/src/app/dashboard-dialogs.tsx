import type { FundingRequest } from '@grantleaf/shared/funding.schema';
import type { IdeaRequestRecord } from '@grantleaf/shared/ideas.schema';
import type { Submission } from '@grantleaf/shared/submissions.schema';
import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';

// The dialogs (their forms, schemas and pickers) are not needed for the first paint: each is its
// own chunk, fetched when it is first opened, and stays mounted after (ADR 190).
const lazyDialog = <K extends string, P extends object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
) => lazy(() => load().then((m) => ({ default: m[name] })));
const GenerateApplicationDialog = lazyDialog(
  () => import('../features/submissions/components/generate-application-dialog.tsx'),
  'GenerateApplicationDialog',
);
const AnalyzeApplicationDialog = lazyDialog(
  () => import('../features/submissions/components/analyze-application-dialog.tsx'),
  'AnalyzeApplicationDialog',
);
const FundingFinderDialog = lazyDialog(
  () => import('../features/funding/components/funding-finder-dialog.tsx'),
  'FundingFinderDialog',
);
const IdeaGeneratorDialog = lazyDialog(
  () => import('../features/ideas/components/idea-generator-dialog.tsx'),
  'IdeaGeneratorDialog',
);
const MarketingDialog = lazyDialog(
  () => import('../features/marketing/components/marketing-dialog.tsx'),
  'MarketingDialog',
);
const AffiliateDialog = lazyDialog(
  () => import('../features/affiliate/components/affiliate-dialog.tsx'),
  'AffiliateDialog',
);

/** What a dialog may need from the page: the user, and a failed job it reopens with. */
export interface DialogContext {
  user: { credits: number; email: string; phone: string };
  retry: Submission | null;
  retryIdea: IdeaRequestRecord | null;
  retryFunding: FundingRequest | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Every dashboard dialog, in one list (issue 29 §8): a new one is a row here, and `DialogName`,
 * the host and the page's buttons follow from it. A retried job's id is in the key, so the form
 * starts again from that job's input.
 */
const DIALOGS = {
  generate: ({ retry, open, onOpenChange }: DialogContext) => (
    <GenerateApplicationDialog
      key={`generate-${retry?.id ?? 'new'}`}
      open={open}
      onOpenChange={onOpenChange}
      initial={retry?.type === 'generation' ? retry.contentJson : undefined}
    />
  ),
  analyze: ({ retry, open, onOpenChange }: DialogContext) => (
    <AnalyzeApplicationDialog
      key={`analyze-${retry?.id ?? 'new'}`}
      open={open}
      onOpenChange={onOpenChange}
      initial={retry?.type === 'analysis' ? retry.contentJson : undefined}
    />
  ),
  funding: ({ user, retryFunding, open, onOpenChange }: DialogContext) => (
    <FundingFinderDialog
      key={`funding-${retryFunding?.id ?? 'new'}`}
      open={open}
      onOpenChange={onOpenChange}
      credits={user.credits}
      initial={
        retryFunding
          ? {
              researchTopic: retryFunding.researchTopic,
              researchDetails: retryFunding.researchDetails,
              teamProfile: retryFunding.teamProfile,
              hadFile: retryFunding.fileContent !== null,
            }
          : undefined
      }
    />
  ),
  idea: ({ user, retryIdea, open, onOpenChange }: DialogContext) => (
    <IdeaGeneratorDialog
      key={`idea-${retryIdea?.id ?? 'new'}`}
      open={open}
      onOpenChange={onOpenChange}
      credits={user.credits}
      initial={
        retryIdea
          ? {
              researchBackground: retryIdea.researchBackground,
              researchInterests: retryIdea.researchInterests,
            }
          : undefined
      }
    />
  ),
  marketing: ({ user, open, onOpenChange }: DialogContext) => (
    <MarketingDialog open={open} onOpenChange={onOpenChange} email={user.email} phone={user.phone} />
  ),
  affiliate: ({ user, open, onOpenChange }: DialogContext) => (
    <AffiliateDialog open={open} onOpenChange={onOpenChange} email={user.email} phone={user.phone} />
  ),
} satisfies Record<string, (ctx: DialogContext) => ReactElement>;

export type DialogName = keyof typeof DIALOGS;

/** Mounts each dialog opened so far, in the list's order; the one named `open` is shown. */
export function DashboardDialogs({
  opened,
  open,
  onOpenChange,
  ...context
}: Omit<DialogContext, 'open' | 'onOpenChange'> & {
  opened: ReadonlySet<DialogName>;
  open: DialogName | null;
  onOpenChange: (name: DialogName, open: boolean) => void;
}) {
  return (Object.keys(DIALOGS) as DialogName[])
    .filter((name) => opened.has(name))
    .map((name) => (
      <Suspense key={name} fallback={null}>
        {DIALOGS[name]({ ...context, open: open === name, onOpenChange: (o) => onOpenChange(name, o) })}
      </Suspense>
    ));
}
