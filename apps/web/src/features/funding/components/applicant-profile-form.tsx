import {
  APPLICANT_KIND_OPTIONS,
  applicantProfileInputSchema,
  CAREER_STAGE_LABEL,
  CITIZENSHIP_OPTIONS,
  type ApplicantFacts,
  type ApplicantProfileResponse,
} from '@grantleaf/shared/applicant-profile.schema';
import { CAREER_STAGES } from '@grantleaf/shared/eligibility';
import { FIELDS } from '@grantleaf/shared/eligibility-fields';
import { COUNTRY_NAME, SUBDIVISIONS, SUBDIVISION_BY_CODE } from '@grantleaf/shared/locations';
import type { FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { FormField, Input, Select } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useSaveApplicantProfile } from '../api/applicant-profile.api.ts';

type Values = {
  kind: string;
  organisation: string;
  country: string;
  region: string;
  field: string;
  secondField: string;
  careerStage: string;
  careerStartYear: string;
  degreeYear: string;
  clinicalDoctorate: string;
  citizenship: string;
  employees: string;
  ownedInCountry: string;
  r15EligibleInstitution: string;
  indigenous: string;
};

const COUNTRY_OPTIONS = [
  { value: 'CA', label: 'Canada' },
  { value: 'US', label: 'United States' },
];
const FIELD_OPTIONS = FIELDS.map((f) => ({
  value: f.value,
  label: f.label[0]!.toUpperCase() + f.label.slice(1),
}));
const STAGE_OPTIONS = CAREER_STAGES.map((s) => ({ value: s, label: CAREER_STAGE_LABEL[s] }));
const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

const text = (v: string | null | undefined) => v ?? '';
const yesNo = (v: boolean | null | undefined) => (v === true ? 'yes' : v === false ? 'no' : '');
const number = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));

/** The stored facts (or, before the first save, the account's suggestion) as the form's strings. */
export function valuesOf(
  facts: ApplicantFacts | null,
  suggested?: ApplicantProfileResponse['suggested'],
): Values {
  return {
    kind: text(facts?.kind),
    organisation: text(facts ? facts.organisation : suggested?.organisation),
    country: text(facts ? facts.country : suggested?.country),
    region: text(facts?.region),
    field: text(facts?.fields[0]),
    secondField: text(facts?.fields[1]),
    careerStage: text(facts?.careerStage),
    careerStartYear: number(facts?.careerStartYear),
    degreeYear: number(facts?.degreeYear),
    clinicalDoctorate: yesNo(facts?.clinicalDoctorate),
    citizenship: text(facts?.citizenship),
    employees: number(facts?.employees),
    ownedInCountry: yesNo(facts?.ownedInCountry),
    r15EligibleInstitution: yesNo(facts?.r15EligibleInstitution),
    indigenous: yesNo(facts?.indigenous),
  };
}

const orNull = (v: string) => (v.trim() === '' ? null : v.trim());
// A typed year or headcount that is not a number reaches the schema as NaN, which it refuses with its message.
const toNumber = (v: string) => (v.trim() === '' ? null : Number(v.trim()));
const toBool = (v: string) => (v === '' ? null : v === 'yes');

/** The form's strings as the schema reads them; questions hidden for this kind of applicant are unknown. */
export function inputOf(v: Values) {
  const company = v.kind === 'company';
  const person = v.kind === '' || v.kind === 'researcher' || v.kind === 'postdoc' || v.kind === 'student';
  return {
    kind: orNull(v.kind),
    organisation: orNull(v.organisation),
    country: orNull(v.country),
    region: orNull(v.region),
    fields: [...new Set([v.field, v.secondField].filter(Boolean))],
    careerStage: person ? orNull(v.careerStage) : null,
    careerStartYear: person ? toNumber(v.careerStartYear) : null,
    degreeYear: person ? toNumber(v.degreeYear) : null,
    clinicalDoctorate: person ? toBool(v.clinicalDoctorate) : null,
    citizenship: orNull(v.citizenship),
    employees: company ? toNumber(v.employees) : null,
    ownedInCountry: company ? toBool(v.ownedInCountry) : null,
    r15EligibleInstitution: person && v.country === 'US' ? toBool(v.r15EligibleInstitution) : null,
    indigenous: v.kind === 'non-profit' || company ? toBool(v.indigenous) : null,
  };
}

/** "Faculty member · Ontario, Canada · Natural sciences": a stated profile in one line. */
export function profileSummary(facts: ApplicantFacts | null): string {
  if (!facts) return 'No applicant profile yet';
  const kind = APPLICANT_KIND_OPTIONS.find((k) => k.value === facts.kind)?.label;
  const region = facts.region ? SUBDIVISION_BY_CODE.get(facts.region)?.name : null;
  const country = facts.country ? (facts.country === 'US' ? 'United States' : COUNTRY_NAME.CA) : null;
  const place = [region, country].filter(Boolean).join(', ');
  const field = facts.fields[0] ? FIELD_OPTIONS.find((f) => f.value === facts.fields[0])?.label : null;
  return [kind ?? 'Applicant kind not stated', place || null, field].filter(Boolean).join(' · ');
}

/**
 * The applicant profile's questions (issue 25 §1): asked once (the finder's first search, the
 * account page), prefilled from what the account already says, each one optional — a question
 * left blank is unknown and never rules a program out.
 */
export function ApplicantProfileForm({
  profile,
  suggested,
  id = 'profile',
  submitLabel = 'Save profile',
  onSaved,
  onCancel,
  cancelLabel = 'Cancel',
}: {
  profile: ApplicantFacts | null;
  suggested?: ApplicantProfileResponse['suggested'];
  id?: string;
  submitLabel?: string;
  onSaved?: (saved: ApplicantProfileResponse) => void;
  onCancel?: () => void;
  cancelLabel?: string;
}) {
  const form = useSchemaForm({
    schema: applicantProfileInputSchema,
    initial: valuesOf(profile, suggested),
    id,
    toInput: inputOf,
  });
  const save = useSaveApplicantProfile();
  const v = form.values;
  const company = v.kind === 'company';
  const person = v.kind === '' || v.kind === 'researcher' || v.kind === 'postdoc' || v.kind === 'student';
  const regions = SUBDIVISIONS.filter((s) => s.country === v.country).map((s) => ({
    value: s.code,
    label: s.name,
  }));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = form.parse({ focus: true });
    if (!parsed.success) return;
    save.mutate(inputOf(v) as Parameters<typeof save.mutate>[0], {
      onSuccess: (saved) => {
        toast.success('Applicant profile saved', {
          description: 'Every funding search starts from it; you can change it for one search.',
        });
        onSaved?.(saved);
      },
      onError: (err) =>
        toast.error('The profile was not saved', {
          description: (err instanceof ApiError && err.serverMessage) || 'Please try again.',
        }),
    });
  }

  const select = (
    name: keyof Values,
    label: string,
    options: readonly { value: string; label: string }[],
    placeholder = 'Not stated',
  ) => (
    <FormField label={label} {...form.slot(name)}>
      <Select
        {...form.field(name)}
        value={v[name]}
        onChange={(e) =>
          form.update((c) => ({
            ...c,
            [name]: e.target.value,
            // A province of the other country is dropped with the country.
            ...(name === 'country' ? { region: '' } : {}),
          }))
        }
        options={options}
        anyOption={placeholder}
      />
    </FormField>
  );
  const input = (
    name: keyof Values,
    label: string,
    props: { inputMode?: 'numeric'; placeholder?: string } = {},
  ) => (
    <FormField label={label} {...form.slot(name)}>
      <Input {...form.input(name)} {...props} />
    </FormField>
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Applicant profile">
      <div className="grid gap-4 sm:grid-cols-2">
        {select('kind', 'Who applies', APPLICANT_KIND_OPTIONS)}
        {input('organisation', 'Organization (university, company, institute)')}
        {select('country', 'Country', COUNTRY_OPTIONS)}
        {select(
          'region',
          'Province, territory or state',
          regions,
          v.country ? 'Not stated' : 'Choose a country first',
        )}
        {select('field', 'Main field of research', FIELD_OPTIONS)}
        {select('secondField', 'Second field (optional)', FIELD_OPTIONS, 'None')}
        {select('citizenship', 'Citizenship or permanent residency', CITIZENSHIP_OPTIONS)}
        {person && select('careerStage', 'Career stage', STAGE_OPTIONS)}
        {person &&
          input('careerStartYear', 'Year of first academic appointment', {
            inputMode: 'numeric',
            placeholder: 'e.g. 2021',
          })}
        {person &&
          input('degreeYear', 'Year of PhD or terminal degree', {
            inputMode: 'numeric',
            placeholder: 'e.g. 2016',
          })}
        {person && select('clinicalDoctorate', 'Clinical doctorate (MD, DVM, PharmD…)', YES_NO)}
        {person &&
          v.country === 'US' &&
          select('r15EligibleInstitution', 'Institution under $6M a year of NIH support (R15)', YES_NO)}
        {company && input('employees', 'Employees', { inputMode: 'numeric', placeholder: 'e.g. 40' })}
        {company && select('ownedInCountry', 'Owned and controlled in that country', YES_NO)}
        {(company || v.kind === 'non-profit') &&
          select('indigenous', 'Indigenous-led or Indigenous-owned', YES_NO)}
      </div>
      <p className="text-xs text-slate-700">
        Every question is optional. A question left blank never rules a program out; a fact you state can.
      </p>
      <div className="flex flex-wrap justify-end gap-3">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            {cancelLabel}
          </Button>
        )}
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : submitLabel}
        </Button>
      </div>
    </form>
  );
}
