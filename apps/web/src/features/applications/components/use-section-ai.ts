import type { SectionAction } from '@grantleaf/shared/section-actions.schema';
import { useRef, useState, type RefObject } from 'react';
import { toast } from 'sonner';
import { useTranslation } from '../../../i18n/index.ts';
import { messageOf } from '../../../lib/api.ts';
import { buyCreditsAction } from '../../../lib/buy-credits.ts';
import { useSuggestionActions, useSuggestions } from '../api/section-actions.api.ts';
import type { SectionEditorHandle } from './section-editor.tsx';

// getRandomValues, unlike randomUUID, also works on plain-http origins.
const newKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

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
  const suggestions = useSuggestions(applicationId, isOwner);
  const suggestionActions = useSuggestionActions(applicationId);
  const [busy, setBusy] = useState(false);
  // One Idempotency-Key per section and action until it is accepted: a retried click is charged once.
  const actionKeys = useRef(new Map<string, string>());
  const available = isOwner && (suggestions.data?.available ?? false);
  const openSuggestion = new Map((suggestions.data?.data ?? []).map((x) => [x.sectionId, x]));

  const aiError = (title: string, error: unknown) =>
    toast.error(title, {
      description: messageOf(error, t('editor.tryAgain')),
      ...buyCreditsAction(error),
    });

  async function runAction(sectionId: string, action: SectionAction) {
    await autosave.flush();
    const k = `${sectionId}:${action}`;
    const key = actionKeys.current.get(k) ?? newKey();
    actionKeys.current.set(k, key);
    setBusy(true);
    try {
      await suggestionActions.start(sectionId, { action, baseVersion: autosave.version() }, key);
      actionKeys.current.delete(k);
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
