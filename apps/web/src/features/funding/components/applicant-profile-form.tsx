import {
  APPLICANT_KIND_OPTIONS,
  applicantProfileInputSchema,
  CITIZENSHIP_OPTIONS,
  type ApplicantFacts,
  type ApplicantProfileResponse,
} from '@grantleaf/shared/applicant-profile.schema';
import { CAREER_STAGES } from '@grantleaf/shared/eligibility';
import { FIELDS } from '@grantleaf/shared/eligibility-fields';
import { SUBDIVISIONS, SUBDIVISION_BY_CODE } from '@grantleaf/shared/locations';
import type { TFunction } from 'i18next';
import type { FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { FormField, Input, Select } from '../../../components/ui/input.tsx';
import '../../../i18n/funding-catalogue.ts';
import { t as translate, useTranslation } from '../../../i18n/index.ts';
import { messageOf } from '../../../lib/api.ts';
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

type T = TFunction<'translation'>;
type Option = { value: string; label: string };

/**
 * The profile's answers in the interface's language (the shared labels are the English, which
 * the catalogue repeats). Provinces and territories have their French names; US states keep theirs.
 */
export const profileOptions = (t: T) => ({
  kinds: APPLICANT_KIND_OPTIONS.map((k) => ({
    value: k.value,
    label: t(`applicantProfile.kinds.${k.value}`),
  })),
  citizenships: CITIZENSHIP_OPTIONS.map((c) => ({
    value: c.value,
    label: t(`applicantProfile.citizenships.${c.value}`),
  })),
  stages: CAREER_STAGES.map((s) => ({ value: s, label: t(`applicantProfile.careerStages.${s}`) })),
  fields: FIELDS.map((f) => ({ value: f.value, label: t(`applicantProfile.fields.${f.value}`) })),
  countries: (['CA', 'US'] as const).map((c) => ({ value: c, label: t(`applicantProfile.countries.${c}`) })),
  yesNo: [
    { value: 'yes', label: t('applicantProfile.yes') },
    { value: 'no', label: t('applicantProfile.no') },
  ],
});

/** A province's or state's name as the interface writes it. */
export function regionName(t: T, code: string): string | undefined {
  const region = SUBDIVISION_BY_CODE.get(code);
  if (!region) return undefined;
  return region.country === 'CA' ? t(`applicantProfile.provinces.${code as 'CA-QC'}`) : region.name;
}

/** The provinces or states of a country, as a select lists them. */
export const regionOptions = (t: T, country: string): Option[] =>
  SUBDIVISIONS.filter((s) => s.country === country).map((s) => ({
    value: s.code,
    label: regionName(t, s.code) ?? s.name,
  }));

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
export function profileSummary(facts: ApplicantFacts | null, t: T = translate): string {
  if (!facts) return t('applicantProfile.none');
  const kind = facts.kind ? t(`applicantProfile.kinds.${facts.kind}`) : null;
  const region = facts.region ? regionName(t, facts.region) : null;
  const country = facts.country ? t(`applicantProfile.countries.${facts.country}`) : null;
  const place = [region, country].filter(Boolean).join(', ');
  const field = facts.fields[0] ? t(`applicantProfile.fields.${facts.fields[0]}`) : null;
  return [kind ?? t('applicantProfile.kindUnknown'), place || null, field].filter(Boolean).join(' · ');
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
  submitLabel,
  onSaved,
  onCancel,
  cancelLabel,
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
  const { t } = useTranslation();
  const options = profileOptions(t);
  const v = form.values;
  const company = v.kind === 'company';
  const person = v.kind === '' || v.kind === 'researcher' || v.kind === 'postdoc' || v.kind === 'student';
  const regions = regionOptions(t, v.country);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = form.parse({ focus: true });
    if (!parsed.success) return;
    save.mutate(inputOf(v) as Parameters<typeof save.mutate>[0], {
      onSuccess: (saved) => {
        toast.success(t('applicantProfile.saved'), { description: t('applicantProfile.savedDescription') });
        onSaved?.(saved);
      },
      onError: (err) =>
        toast.error(t('applicantProfile.notSaved'), {
          description: messageOf(err, t('applicantProfile.retry')),
        }),
    });
  }

  const select = (
    name: keyof Values,
    label: string,
    options: readonly { value: string; label: string }[],
    placeholder = t('applicantProfile.notStated'),
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
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t('applicantProfile.title')}>
      <div className="grid gap-4 sm:grid-cols-2">
        {select('kind', t('applicantProfile.kind'), options.kinds)}
        {input('organisation', t('applicantProfile.organisation'))}
        {select('country', t('applicantProfile.country'), options.countries)}
        {select(
          'region',
          t('applicantProfile.region'),
          regions,
          v.country ? t('applicantProfile.notStated') : t('applicantProfile.chooseCountry'),
        )}
        {select('field', t('applicantProfile.field'), options.fields)}
        {select(
          'secondField',
          t('applicantProfile.secondField'),
          options.fields,
          t('applicantProfile.noSecondField'),
        )}
        {select('citizenship', t('applicantProfile.citizenship'), options.citizenships)}
        {person && select('careerStage', t('applicantProfile.careerStage'), options.stages)}
        {person &&
          input('careerStartYear', t('applicantProfile.careerStartYear'), {
            inputMode: 'numeric',
            placeholder: t('applicantProfile.example', { example: '2021' }),
          })}
        {person &&
          input('degreeYear', t('applicantProfile.degreeYear'), {
            inputMode: 'numeric',
            placeholder: t('applicantProfile.example', { example: '2016' }),
          })}
        {person && select('clinicalDoctorate', t('applicantProfile.clinicalDoctorate'), options.yesNo)}
        {person &&
          v.country === 'US' &&
          select('r15EligibleInstitution', t('applicantProfile.r15'), options.yesNo)}
        {company &&
          input('employees', t('applicantProfile.employees'), {
            inputMode: 'numeric',
            placeholder: t('applicantProfile.example', { example: '40' }),
          })}
        {company && select('ownedInCountry', t('applicantProfile.ownedInCountry'), options.yesNo)}
        {(company || v.kind === 'non-profit') &&
          select('indigenous', t('applicantProfile.indigenous'), options.yesNo)}
      </div>
      <p className="text-xs text-slate-700">{t('applicantProfile.optionalNote')}</p>
      <div className="flex flex-wrap justify-end gap-3">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            {cancelLabel ?? t('applicantProfile.cancel')}
          </Button>
        )}
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('applicantProfile.saving') : (submitLabel ?? t('applicantProfile.save'))}
        </Button>
      </div>
    </form>
  );
}
