import type { SectionAction } from '@grantleaf/shared/section-actions.schema';
import { useState, type RefObject } from 'react';
import { toast } from 'sonner';
import { useTranslation } from '../../../i18n/index.ts';
import { messageOf } from '../../../lib/api.ts';
import { buyCreditsAction } from '../../../lib/buy-credits.ts';
import { suggestionsQuery } from '../api/applications.queries.ts';
import { useStartSectionAction, useSuggestionActions } from '../api/section-actions.api.ts';
import type { SectionEditorHandle } from './section-editor.tsx';
import { useQuery } from '@tanstack/react-query';

/**
 * The editor's AI actions on sections and their suggestions. Only the owner runs them, and
 * without a configured model the server says so and none is offered (issue 16 §5).
 */
export function useSectionAi({
  applicationId,
  isOwner,
  autosave,
  editors,
  reload,
}: {
  applicationId: string;
  isOwner: boolean;
  autosave: { flush: () => Promise<unknown>; version: () => number };
  editors: RefObject<Map<string, SectionEditorHandle>>;
  reload: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const suggestions = useQuery(suggestionsQuery(applicationId, isOwner));
  const suggestionActions = useSuggestionActions(applicationId);
  const startAction = useStartSectionAction(applicationId);
  const [busy, setBusy] = useState(false);
  const available = isOwner && (suggestions.data?.available ?? false);
  const openSuggestion = new Map((suggestions.data?.data ?? []).map((x) => [x.sectionId, x]));

  const aiError = (title: string, error: unknown) =>
    toast.error(title, {
      description: messageOf(error, t('editor.tryAgain')),
      ...buyCreditsAction(error),
    });

  async function runAction(sectionId: string, action: SectionAction) {
    await autosave.flush();
    setBusy(true);
    try {
      await startAction.mutateAsync({ sectionId, input: { action, baseVersion: autosave.version() } });
    } catch (error) {
      aiError(t('editor.aiNotStarted'), error);
    } finally {
      setBusy(false);
    }
  }

  async function onSuggestion(sectionId: string, choice: 'accept' | 'edit' | 'reject') {
    const suggestion = openSuggestion.get(sectionId);
    if (!suggestion) return;
    setBusy(true);
    try {
      if (choice === 'accept') {
        await autosave.flush();
        await suggestionActions.accept(suggestion.id);
        toast.success(t('editor.suggestionAccepted'));
        await reload();
        return;
      }
      if (choice === 'edit' && suggestion.text)
        editors.current.get(sectionId)?.replaceMarkdown(suggestion.text);
      await suggestionActions.dismiss(suggestion.id);
    } catch (error) {
      aiError(choice === 'accept' ? t('editor.suggestionNotApplied') : t('editor.tryAgainShort'), error);
    } finally {
      setBusy(false);
    }
  }

  return { available, busy, openSuggestion, runAction, onSuggestion };
}
