import type { GrantProgram } from '@grantleaf/shared/programs.schema';
import { SUBMISSION_MESSAGES } from '@grantleaf/shared/submissions.schema';
import { bodyOf } from '../../../lib/api.ts';
import { translateMessage, useTranslation } from '../../../i18n/index.ts';

/**
 * The draft's language in the generation form (issue 31 §2, ADR 1140): offered only for a program
 * that takes French (its `draftLanguages`, from program-languages.json); English by default, French
 * by default in the French interface. Elsewhere nothing is sent and the draft is English.
 */

export type DraftLanguage = 'en' | 'fr';

export const acceptsFrench = (program: Pick<GrantProgram, 'draftLanguages'> | null) =>
  Boolean(program?.draftLanguages?.includes('fr'));

/** The language to send: the user's pick where French is offered, else the default; none elsewhere. */
export function draftLanguageFor(
  program: Pick<GrantProgram, 'draftLanguages'> | null,
  picked: DraftLanguage | null,
  interfaceLanguage: string,
): DraftLanguage | undefined {
  if (!acceptsFrench(program)) return undefined;
  return picked ?? (interfaceLanguage === 'fr' ? 'fr' : 'en');
}

/** The language a failed try was sent in, so "Try again" keeps it; null when it sent none. */
export function sentLanguage(contentJson: unknown): DraftLanguage | null {
  const language = (contentJson as { language?: unknown } | null | undefined)?.language;
  return language === 'en' || language === 'fr' ? language : null;
}

const REFUSALS = new Set<string>([
  SUBMISSION_MESSAGES.draftEnglishOnly,
  SUBMISSION_MESSAGES.draftFrenchUnconfirmed,
]);

/** The server's reason for refusing the language (ADR 1088), or null for any other error. */
export function languageRefusal(error: unknown): string | null {
  const message = bodyOf(error).message;
  return message && REFUSALS.has(message) ? message : null;
}

export function DraftLanguageChoice(props: {
  value: DraftLanguage;
  onChange: (language: DraftLanguage) => void;
  /** The server's refusal, in English as sent; shown in the interface's language. */
  error: string | null;
}) {
  const { t } = useTranslation();
  return (
    <fieldset aria-describedby={props.error ? 'gen-language-error' : undefined}>
      <legend className="text-sm font-medium text-slate-700">{t('generateDialog.language')}</legend>
      <div className="mt-1 flex gap-4">
        {(['en', 'fr'] as const).map((language) => (
          <label key={language} className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="radio"
              name="gen-language"
              value={language}
              checked={props.value === language}
              onChange={() => props.onChange(language)}
            />
            {t(language === 'en' ? 'generateDialog.languageEn' : 'generateDialog.languageFr')}
          </label>
        ))}
      </div>
      {props.error ? (
        <p id="gen-language-error" role="alert" className="mt-1 text-sm text-red-700">
          {translateMessage(props.error)}
        </p>
      ) : null}
    </fieldset>
  );
}
