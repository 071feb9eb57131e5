import { useQuery } from '@tanstack/react-query';
import '../i18n/office-catalogue.ts';
import { t as translate, useTranslation } from '../i18n/index.ts';
import { bodyOf, messageOf } from '../lib/api.ts';
import { formatCreditAmount } from '../lib/format-number.ts';
import { organisationsQuery } from '../lib/queries/organisations.queries.ts';
import { Label, Select } from './ui/input.tsx';

/**
 * "Pay from": the own credits or an organisation the user belongs to (issue 32 §1, ADR 0720).
 * Nothing for a user in no organisation. '' stands for the own credits.
 */
export function PayFromSelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (v: string) => void;
}) {
  const { t } = useTranslation();
  // The organisations page's own query, so both share one cache entry.
  const orgs = useQuery(organisationsQuery());
  const list = orgs.data?.data ?? [];
  if (list.length === 0) return null;
  return (
    <div>
      <Label htmlFor={id}>{t('office.payFrom.label')}</Label>
      <Select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        options={[
          { value: '', label: t('office.payFrom.own') },
          ...list.map((o) => ({ value: o.id, label: t('office.payFrom.organisation', { name: o.name }) })),
        ]}
      />
    </div>
  );
}

/**
 * A paid submission's failure message: the server's refusal of an organisation spend in the
 * interface's language, else messageOf's rule (the server's message, or the dialog's fallback).
 */
export function payFromRefusal(error: unknown, fallback: string): string {
  const { reason, organisation, available, period } = bodyOf(error);
  if (
    reason === 'organisation_limit' &&
    typeof available === 'number' &&
    (period === 'month' || period === 'total')
  )
    return translate(`office.payFrom.limitRefused_${period}`, {
      name: String(organisation),
      count: formatCreditAmount(available),
    });
  return messageOf(error, fallback);
}
