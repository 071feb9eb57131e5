import type { ApplicantFacts, ApplicantOverride } from '@grantleaf/shared/applicant-profile.schema';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { FormField, Select } from '../../../components/ui/input.tsx';
import '../../../i18n/funding-catalogue.ts';
import { useTranslation } from '../../../i18n/index.ts';
import { profileOptions, profileSummary, regionOptions } from './applicant-profile-form.tsx';

export type OverrideValues = { kind: string; country: string; region: string; field: string };
export const EMPTY_OVERRIDE: OverrideValues = { kind: '', country: '', region: '', field: '' };

/** The facts this search changes from the profile; undefined when it changes none. */
export function overrideOf(v: OverrideValues, profile: ApplicantFacts | null): ApplicantOverride | undefined {
  const out: ApplicantOverride = {};
  if (v.kind && v.kind !== profile?.kind) out.kind = v.kind as ApplicantOverride['kind'];
  if (v.country && v.country !== profile?.country) {
    out.country = v.country as 'CA' | 'US';
    // The profile's province belongs to the other country.
    out.region = null;
  }
  if (v.region && v.region !== profile?.region) out.region = v.region;
  if (v.field && v.field !== profile?.fields[0]) out.fields = [v.field as ApplicantFacts['fields'][number]];
  return Object.keys(out).length > 0 ? out : undefined;
}

/**
 * "Searching as …" above the finder's fields: the profile every search starts from, and, for one
 * search only, another kind of applicant, place or field (a co-applicant's company, a student).
 */
export function SearchAsFields({
  profile,
  changing,
  setChanging,
  values,
  setValues,
}: {
  profile: ApplicantFacts | null;
  changing: boolean;
  setChanging: (next: boolean) => void;
  values: OverrideValues;
  setValues: (next: OverrideValues) => void;
}) {
  const { t } = useTranslation();
  const options = profileOptions(t);
  const regions = regionOptions(t, values.country || profile?.country || '');
  const select = (
    name: keyof OverrideValues,
    label: string,
    options: readonly { value: string; label: string }[],
  ) => (
    <FormField label={label} id={`search-as-${name}`}>
      <Select
        id={`search-as-${name}`}
        value={values[name]}
        onChange={(e) =>
          setValues({ ...values, [name]: e.target.value, ...(name === 'country' ? { region: '' } : {}) })
        }
        options={options}
        anyOption={t('searchAs.asInProfile')}
      />
    </FormField>
  );
  return (
    <div className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm" data-testid="search-as">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-slate-800">
          <span className="font-medium">{t('searchAs.searchingAs')}</span> {profileSummary(profile, t)}{' '}
          <Link to="/account" className="text-brand-800 underline">
            {t('searchAs.editProfile')}
          </Link>
        </p>
        <Button variant="secondary" size="sm" onClick={() => setChanging(!changing)} aria-expanded={changing}>
          {changing ? t('searchAs.useProfile') : t('searchAs.change')}
        </Button>
      </div>
      {changing && (
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          {select('kind', t('searchAs.kind'), options.kinds)}
          {select('country', t('searchAs.country'), options.countries)}
          {select('region', t('searchAs.region'), regions)}
          {select('field', t('searchAs.field'), options.fields)}
        </div>
      )}
    </div>
  );
}
