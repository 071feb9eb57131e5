import type { GrantProgram } from '@grantleaf/shared/programs.schema';
import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { programPickerQuery } from '../lib/queries/programs.queries.ts';
import { FieldError, Label } from './ui/input.tsx';
import '../i18n/submissions-catalogue.ts';
import { t as translate, useTranslation } from '../i18n/index.ts';

// Typing pauses this long before the server is asked, so each keystroke is not a request.
const SEARCH_DELAY_MS = 250;

/** A country's name in the interface's language ("United States", "États-Unis"); else its code. */
const countryName = (code: string) =>
  code === 'CA' || code === 'US' ? translate(`programPicker.country.${code}`) : code;

/**
 * "Natural Sciences and Engineering Research Council of Canada (NSERC)" → "NSERC". A trailing
 * parenthesis is an acronym only when it reads like one ("NRC IRAP", "CIHR": capitals, at most two
 * words); "BC Ministry of Finance (administered by CRA)" is "BC Ministry of Finance", not
 * "administered by CRA" (issue 28 item 11).
 */
export function shortAgency(agency: string): string {
  const trailing = /\s*\(([^()]{2,20})\)\s*$/.exec(agency);
  if (trailing && /^[A-Z][A-Z0-9&.-]+( [A-Z][A-Z0-9&.-]+)?$/.test(trailing[1]!)) return trailing[1]!;
  const name = trailing && trailing.index > 0 ? agency.slice(0, trailing.index) : agency;
  return name.length > 40 ? `${name.slice(0, 39)}…` : name;
}

/** Programs grouped by country, then agency, each group and its programs by name. */
export function groupPrograms(programs: GrantProgram[]): Array<{ label: string; programs: GrantProgram[] }> {
  const groups = new Map<string, GrantProgram[]>();
  for (const p of programs) {
    const label = `${countryName(p.country)} · ${shortAgency(p.agency)}`;
    groups.set(label, [...(groups.get(label) ?? []), p]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([label, list]) => ({ label, programs: list.sort((x, y) => x.name.localeCompare(y.name)) }));
}

/**
 * Spec §3 program choice (agency, then name), searched on the server (issue 14 §4): no
 * whole-catalogue download. The list is grouped by country, then agency, with short agency labels;
 * the chosen program stays listed while another search is typed.
 */
export function ProgramPicker({
  id,
  value,
  onChange,
  onProgram,
  optional = false,
  error,
  invalid = Boolean(error),
}: {
  id: string;
  /** Choosing no program is a valid answer (the tracker's New Application). */
  optional?: boolean;
  value: string;
  onChange: (id: string) => void;
  /** The chosen program's record once known (its currency labels the budget fields). */
  onProgram?: (program: GrantProgram | null) => void;
  /** The form's message about the choice (spec §5: 'Please select a grant program'); id `${id}-error`. */
  error?: string;
  /** Marked wrong without a message of its own (the form's toast says why). */
  invalid?: boolean;
}) {
  const { t, language } = useTranslation();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [chosen, setChosen] = useState<GrantProgram | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setQ(text), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const { data: programs, isLoading, error: loadError } = useQuery(programPickerQuery(q));
  const known = chosen?.id === value ? chosen : (programs?.find((p) => p.id === value) ?? null);
  useEffect(() => onProgram?.(known), [known, onProgram]);
  const groups = useMemo(() => {
    const list = programs ?? [];
    const withChosen =
      chosen && chosen.id === value && !list.some((p) => p.id === chosen.id) ? [chosen, ...list] : list;
    return groupPrograms(withChosen);
    // The group labels name countries in the interface's language.
  }, [programs, chosen, value, language]);
  return (
    <div>
      <Label htmlFor={`${id}-search`}>{t('programPicker.search')}</Label>
      <input
        id={`${id}-search`}
        type="search"
        className="mb-2 block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900"
        placeholder={t('programPicker.searchPlaceholder')}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <Label htmlFor={id}>{optional ? t('programPicker.optionalLabel') : t('programPicker.label')}</Label>
      <select
        id={id}
        className="block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 aria-[invalid=true]:border-red-600"
        value={value}
        aria-invalid={invalid}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => {
          setChosen((programs ?? []).find((p) => p.id === e.target.value) ?? null);
          onChange(e.target.value);
        }}
      >
        <option value="">
          {isLoading
            ? t('programPicker.loading')
            : optional
              ? t('programPicker.none')
              : groups.length === 0
                ? t('programPicker.noMatch')
                : t('programPicker.select')}
        </option>
        {groups.map((group) => (
          <optgroup key={group.label} label={group.label}>
            {group.programs.map((p) => (
              <option key={p.id} value={p.id}>
                {shortAgency(p.agency)} — {p.name}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      {loadError && <p className="mt-1 text-sm text-red-700">{t('programPicker.failed')}</p>}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}
