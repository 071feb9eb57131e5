import type {
  ApplicationSection,
  RichNode,
  SectionCheck,
} from '@grantleaf/shared/application-document.schema';
import { sectionActionsFor, type SectionAction } from '@grantleaf/shared/section-actions.schema';
import { LimitCounter } from './check-panel.tsx';
import { SectionEditor, type SectionEditorHandle } from './section-editor.tsx';
import { SectionActionButtons, SuggestionPanel } from './suggestion-panel.tsx';
import type { useSectionAi } from './use-section-ai.ts';

/** One section of the funder's template: its editor, limit counter and AI actions or suggestion. */
export function EditorSection({
  section: s,
  text,
  check,
  hasMissing,
  readOnly,
  ai,
  onChange,
  onFocus,
  register,
}: {
  section: ApplicationSection;
  text: string;
  check: SectionCheck | undefined;
  /** A criterion's element is missing in this section (or in none in particular). */
  hasMissing: boolean;
  readOnly: boolean;
  ai: ReturnType<typeof useSectionAi>;
  onChange: (doc: RichNode) => void;
  onFocus: () => void;
  register: (handle: SectionEditorHandle | null) => void;
}) {
  const suggestion = ai.openSuggestion.get(s.id);
  return (
    <section id={`section-${s.id}`} aria-labelledby={`heading-${s.id}`} className="scroll-mt-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        {/* The header and guidance are the funder's template's, written in English
            (program-sections.json), marked so (ADR 0850). */}
        <h2 id={`heading-${s.id}`} className="text-lg font-semibold text-slate-900" lang="en">
          {s.header}
        </h2>
        <LimitCounter check={check} id={`counter-${s.id}`} />
      </div>
      {s.guidance ? (
        <p className="mt-1 mb-2 text-xs text-slate-600" lang="en">
          {s.guidance}
        </p>
      ) : null}
      <div onFocus={onFocus}>
        <SectionEditor
          id={`editor-${s.id}`}
          label={s.header}
          describedBy={`counter-${s.id}`}
          initial={s.doc}
          readOnly={readOnly}
          onChange={onChange}
          ref={register}
        />
      </div>
      {ai.available ? (
        suggestion ? (
          <SuggestionPanel
            suggestion={suggestion}
            busy={ai.busy}
            onAccept={() => void ai.onSuggestion(s.id, 'accept')}
            onEdit={() => void ai.onSuggestion(s.id, 'edit')}
            onReject={() => void ai.onSuggestion(s.id, 'reject')}
          />
        ) : (
          <SectionActionButtons
            header={s.header}
            actions={sectionActionsFor({ text, hasLimit: s.limit !== null, hasMissing })}
            disabled={ai.busy}
            onRun={(action: SectionAction) => void ai.runAction(s.id, action)}
          />
        )
      ) : null}
    </section>
  );
}
