import { ledgerReasonLabel } from '@grantleaf/shared/paid-work';
import {
  LIMIT_PERIODS,
  type LimitPeriod,
  type MemberAllowance,
  type OrganisationLedgerEntry,
} from '@grantleaf/shared/organisation-credits.schema';
import type { OrganisationDetail } from '@grantleaf/shared/organisations.schema';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Input, Label, Select } from '../../../components/ui/input.tsx';
import '../../../i18n/office-catalogue.ts';
import { translateMessage, useTranslation } from '../../../i18n/index.ts';
import { messageOf } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { formatCreditAmount } from '../../../lib/format-number.ts';
import { useOrganisationCredits } from '../api/organisation-credits.api.ts';

type T = ReturnType<typeof useTranslation>['t'];
const reasonOf = (err: unknown, t: T) => messageOf(err, t('office.tryAgain'));

/** What a member may spend, and against which limit. */
function allowanceText(a: MemberAllowance, t: T) {
  const amount = formatCreditAmount(a.available);
  if (!a.limit) return t('office.credits.noLimit', { count: a.available, amount });
  return t(`office.credits.limit_${a.limit.period}`, {
    limit: formatCreditAmount(a.limit.credits),
    spent: formatCreditAmount(a.spent),
    amount,
  });
}

function entryWhat(e: OrganisationLedgerEntry, t: T) {
  if (e.reason === 'transfer') return t('office.credits.transferred');
  // Spends and refunds are named by the work they paid for, as in the personal history.
  const work = translateMessage(ledgerReasonLabel({ reason: 'spend', reference: e.reference }));
  return e.reason === 'spend' ? work : t('office.credits.refunded', { work });
}

function TransferForm({ orgId }: { orgId: string }) {
  const { t } = useTranslation();
  const { transfer } = useOrganisationCredits(orgId);
  const [credits, setCredits] = useState('');
  const n = Number(credits);
  const valid = Number.isInteger(n) && n >= 1;
  function submit(e: FormEvent) {
    e.preventDefault();
    transfer.mutate(n, {
      onSuccess: () => {
        setCredits('');
        toast.success(t('office.credits.moved', { count: n }));
      },
      onError: (err) => toast.error(t('office.credits.notMoved'), { description: reasonOf(err, t) }),
    });
  }
  return (
    <form onSubmit={submit} className="mt-2 flex flex-wrap items-end gap-2">
      <div>
        <Label htmlFor={`org-transfer-${orgId}`}>{t('office.credits.transferLabel')}</Label>
        <Input
          id={`org-transfer-${orgId}`}
          type="number"
          min={1}
          step={1}
          className="w-32"
          value={credits}
          onChange={(e) => setCredits(e.target.value)}
        />
      </div>
      <Button type="submit" size="sm" disabled={!valid || transfer.isPending}>
        {t('office.credits.transfer')}
      </Button>
    </form>
  );
}

function LimitForm({ orgId, member }: { orgId: string; member: MemberAllowance }) {
  const { t } = useTranslation();
  const { setLimit } = useOrganisationCredits(orgId);
  const [credits, setCredits] = useState(member.limit ? String(member.limit.credits) : '');
  const [period, setPeriod] = useState<LimitPeriod>(member.limit?.period ?? 'month');
  const n = Number(credits);
  const valid = credits.trim() !== '' && Number.isInteger(n) && n >= 0;
  const save = (limit: { credits: number; period: LimitPeriod } | null) =>
    setLimit.mutate(
      { userId: member.userId, input: { limit } },
      {
        onSuccess: () => toast.success(t('office.credits.limitSaved', { name: member.name })),
        onError: (err) => toast.error(t('office.orgs.notSaved'), { description: reasonOf(err, t) }),
      },
    );
  const id = `org-limit-${orgId}-${member.userId}`;
  return (
    <div className="flex flex-wrap items-end gap-2">
      <Input
        id={id}
        type="number"
        min={0}
        step={1}
        className="h-9 w-24"
        aria-label={t('office.credits.limitOf', { name: member.name })}
        value={credits}
        onChange={(e) => setCredits(e.target.value)}
      />
      <Select
        className="h-9 w-36"
        aria-label={t('office.credits.periodOf', { name: member.name })}
        value={period}
        onChange={(e) => setPeriod(e.target.value as LimitPeriod)}
        options={LIMIT_PERIODS.map((p) => ({ value: p, label: t(`office.credits.period_${p}`) }))}
      />
      <Button
        size="sm"
        variant="secondary"
        disabled={!valid || setLimit.isPending}
        onClick={() => save({ credits: n, period })}
      >
        {t('office.credits.setLimit')}
      </Button>
      {member.limit ? (
        <Button size="sm" variant="ghost" disabled={setLimit.isPending} onClick={() => save(null)}>
          {t('office.credits.removeLimit')}
        </Button>
      ) : null}
    </div>
  );
}

/**
 * The organisation's credits (ADR 0720): every member sees the balance and what they may spend;
 * owners move their own credits in; owners and officers set limits and read who spent what.
 */
export function OrganisationCreditsPanel({ org }: { org: OrganisationDetail }) {
  const { t } = useTranslation();
  const { query } = useOrganisationCredits(org.id);
  const base = `org-credits-${org.id}`;
  const c = query.data;
  return (
    <section className="mt-4" aria-labelledby={`${base}-title`} data-testid="organisation-credits">
      <h3 id={`${base}-title`} className="text-sm font-semibold text-slate-900">
        {t('office.credits.title')}
      </h3>
      {!c ? (
        <p className="text-sm text-slate-600">
          {query.isError ? t('office.tryAgain') : t('office.orgs.loading')}
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-900">
            {t('office.credits.balance', { count: c.balance, amount: formatCreditAmount(c.balance) })}
          </p>
          <p className="text-sm text-slate-700">{allowanceText(c.own, t)}</p>
          {c.canTransfer ? <TransferForm orgId={org.id} /> : null}
          {c.canManage ? (
            <ul
              className="mt-3 divide-y divide-slate-200"
              aria-label={t('office.credits.limits', { name: org.name })}
            >
              {c.members.map((m) => (
                <li key={m.userId} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                  <span className="min-w-0 break-words">
                    <span className="font-medium text-slate-900">{m.name}</span>{' '}
                    <span className="text-slate-700">{allowanceText(m, t)}</span>
                  </span>
                  <LimitForm orgId={org.id} member={m} />
                </li>
              ))}
            </ul>
          ) : null}
          <h4 className="mt-3 text-sm font-semibold text-slate-900">
            {c.canManage ? t('office.credits.ledger') : t('office.credits.ownLedger')}
          </h4>
          {c.entries.length === 0 ? (
            <p className="text-sm text-slate-700">{t('office.credits.noEntries')}</p>
          ) : (
            <ul className="mt-1 text-sm" aria-label={t('office.credits.ledgerOf', { name: org.name })}>
              {c.entries.map((e) => (
                <li
                  key={e.id}
                  className="flex flex-wrap justify-between gap-2 py-1"
                  data-testid="organisation-ledger-row"
                >
                  <span className="min-w-0 break-words">
                    {formatDate(e.createdAt)} · {e.member?.name ?? t('office.credits.formerMember')} ·{' '}
                    {entryWhat(e, t)}
                  </span>
                  <span className="font-medium tabular-nums">{formatCreditAmount(e.amount)}</span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
