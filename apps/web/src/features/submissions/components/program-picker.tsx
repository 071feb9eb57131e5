import { Label } from '../../../components/ui/input.tsx';
import { useGrantPrograms } from '../api/submissions.api.ts';

/** Spec §3: a program shows as agency then name. */
export function ProgramPicker({ id, value, onChange }: { id: string; value: string; onChange: (id: string) => void }) {
  const { data: programs, isLoading, error } = useGrantPrograms();
  return (
    <div>
      <Label htmlFor={id}>Grant program *</Label>
      <select
        id={id}
        className="block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{isLoading ? 'Loading programs…' : 'Select a grant program'}</option>
        {(programs ?? []).map((p) => (
          <option key={p.id} value={p.id}>
            {p.agency} — {p.name}
          </option>
        ))}
      </select>
      {error && <p className="mt-1 text-sm text-red-700">Failed to fetch programs</p>}
    </div>
  );
}
