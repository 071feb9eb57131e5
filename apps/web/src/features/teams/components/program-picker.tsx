import { useState } from 'react';
import { Input, Label, Select } from '../../../components/ui/input.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import { programSearchQuery } from '../api/teams.queries.ts';
import { useQuery } from '@tanstack/react-query';

/**
 * Choose a catalogue program by words of its name: the words search the catalogue, the list
 * offers the first ten matches. The chosen program's id is what the office's rules store.
 */
export function ProgramPicker({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (programId: string, name: string) => void;
}) {
  const { t } = useTranslation();
  const [words, setWords] = useState('');
  const found = useQuery(programSearchQuery(words));
  const options = (found.data ?? []).map((p) => ({ value: p.id, label: `${p.agency} — ${p.name}` }));
  return (
    <div className="flex min-w-0 flex-1 flex-wrap items-end gap-2">
      <div className="min-w-0 flex-1">
        <Label htmlFor={`${id}-search`}>{t('office.programDeadlines.program')}</Label>
        <Input id={`${id}-search`} value={words} maxLength={100} onChange={(e) => setWords(e.target.value)} />
      </div>
      <div className="min-w-0 flex-1">
        <Label htmlFor={id}>{t('office.programDeadlines.choose')}</Label>
        <Select
          id={id}
          className="h-9 w-full"
          value={value}
          placeholder={t('office.programDeadlines.choose')}
          options={options}
          onChange={(e) => {
            const picked = options.find((o) => o.value === e.target.value);
            onChange(e.target.value, picked?.label ?? e.target.value);
          }}
        />
      </div>
    </div>
  );
}
