import {
  JURISDICTION_LABELS,
  type ClaimGrant,
  type ClaimGrantInput,
  type ClaimView,
  type GrantOffer,
} from '@grantleaf/shared/sred/sred.schema';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Input, Label, Select } from '../../../components/ui/input.tsx';
import { t as translate, useTranslation } from '../../../i18n/index.ts';
import '../../../i18n/sred-catalogue.ts';
import { messageOf } from '../../../lib/api.ts';
import { formatMoney } from '../../../lib/format-number.ts';
import { useSaveGrants } from '../api/sred.api.ts';

type Jurisdiction = keyof typeof JURISDICTION_LABELS;
const JURISDICTIONS = Object.keys(JURISDICTION_LABELS) as Jurisdiction[];
const cad = (cents: number) => formatMoney(cents / 100);

/**
 * An amount typed in either language, in cents: "150,000", "$150,000.50", "150 000,50 $". A comma
 * followed by exactly three digits groups thousands; followed by one or two digits at the end, it
 * is the decimal mark (as fr-CA writes it). Null when empty, NaN when unreadable.
 */
export function parseMoneyInput(text: string): number | null {
  let s = text.replace(/[\s\u00a0\u202f$]|CAD/gi, '');
  if (s === '') return null;
  s = /,\d{1,2}$/.test(s) ? s.replace(/\./g, '').replace(',', '.') : s.replace(/,(?=\d{3}(\D|$))/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(s)) return NaN;
  return Math.round(Number(s) * 100);
}

const toInput = (g: ClaimGrant): ClaimGrantInput => ({
  applicationId: g.applicationId,
  amount: g.amount,
  jurisdiction: g.jurisdiction,
  projectId: g.projectId,
});

function OfferRow({ claim, offer }: { claim: ClaimView; offer: GrantOffer }) {
  const { t } = useTranslation();
  const save = useSaveGrants(claim.id);
  const [amount, setAmount] = useState('');
  const [jurisdiction, setJurisdiction] = useState<Jurisdiction>(claim.settings.defaultJurisdiction);
  const [projectId, setProjectId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const base = `sred-grant-${offer.applicationId}`;

  function submit(e: FormEvent) {
    e.preventDefault();
    const cents = parseMoneyInput(amount);
    if (cents === null || Number.isNaN(cents) || cents <= 0) {
      setError(t('sred.grants.amountRequired'));
      return;
    }
    setError(null);
    save.mutate(
      [
        ...claim.grants.map(toInput),
        { applicationId: offer.applicationId, amount: cents, jurisdiction, projectId: projectId || null },
      ],
      {
        onSuccess: () => toast.success(t('sred.grants.counted', { title: offer.title })),
        onError: (err) => toast.error(messageOf(err, t('sred.grants.saveFailed'))),
      },
    );
  }

  return (
    <li className="space-y-2 rounded border border-slate-200 p-3">
      <p className="font-medium text-slate-900">
        {offer.title} <span className="font-normal text-slate-700">({offer.program})</span>
      </p>
      <p className="text-sm text-slate-700">
        {t('sred.grants.approvedOn', { date: offer.approvedAt })}
        {' · '}
        {offer.award !== null
          ? t('sred.grants.award', { amount: cad(offer.award) })
          : offer.awardText
            ? t('sred.grants.awardText', { text: offer.awardText })
            : t('sred.grants.noAward')}
      </p>
      <form
        onSubmit={submit}
        className="grid gap-2 sm:grid-cols-3"
        aria-label={t('sred.grants.countForm', { title: offer.title })}
      >
        <div className="space-y-1">
          <Label htmlFor={`${base}-amount`}>{t('sred.grants.amount')}</Label>
          <Input
            id={`${base}-amount`}
            inputMode="decimal"
            value={amount}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${base}-error` : `${base}-hint`}
            onChange={(e) => setAmount(e.target.value)}
          />
          <p id={`${base}-hint`} className="text-xs text-slate-600">
            {t('sred.grants.amountHint')}
          </p>
          {offer.award !== null && (
            <button
              type="button"
              className="text-xs text-emerald-800 underline"
              onClick={() => setAmount(String(offer.award! / 100))}
            >
              {t('sred.grants.useWhole', { amount: cad(offer.award) })}
            </button>
          )}
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${base}-jurisdiction`}>{t('sred.grants.jurisdiction')}</Label>
          <Select
            id={`${base}-jurisdiction`}
            value={jurisdiction}
            onChange={(e) => setJurisdiction(e.target.value as Jurisdiction)}
            options={JURISDICTIONS.map((j) => ({ value: j, label: translate(`sred.jurisdictions.${j}`) }))}
          />
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${base}-project`}>{t('sred.grants.project')}</Label>
          <Select
            id={`${base}-project`}
            value={projectId}
            onChange={(e) => setProjectId(e.target.value)}
            options={[
              { value: '', label: t('sred.grants.noProject') },
              ...claim.projects.map((p) => ({ value: p.id, label: p.title })),
            ]}
          />
        </div>
        {error && (
          <p id={`${base}-error`} role="alert" className="text-sm text-red-800 sm:col-span-3">
            {error}
          </p>
        )}
        <div className="sm:col-span-3">
          <Button type="submit" disabled={save.isPending}>
            {t('sred.grants.count')}
          </Button>
        </div>
      </form>
    </li>
  );
}

/**
 * Issue 30 §3 (ADR 0660): the grants the tracker records as approved, offered as government
 * assistance; each counted one shows how much it lowers the credit.
 */
export function GrantsCard({ claim }: { claim: ClaimView }) {
  const { t } = useTranslation();
  const save = useSaveGrants(claim.id);
  const remove = (g: ClaimGrant) =>
    save.mutate(claim.grants.filter((o) => o.applicationId !== g.applicationId).map(toInput), {
      onSuccess: () => toast.success(t('sred.grants.removed', { title: g.title })),
      onError: (err) => toast.error(messageOf(err, t('sred.grants.saveFailed'))),
    });
  const projectTitle = (id: string | null) => claim.projects.find((p) => p.id === id)?.title;

  return (
    <Card className="space-y-3 p-4" data-testid="sred-grants">
      <h2 className="text-lg font-semibold text-slate-900">{t('sred.grants.title')}</h2>
      <p className="text-sm text-slate-700">{t('sred.grants.intro')}</p>
      {claim.grants.length > 0 && (
        <ul className="space-y-2" aria-label={t('sred.grants.countedList')}>
          {claim.grants.map((g) => (
            <li key={g.applicationId} className="space-y-1 rounded border border-slate-200 p-3">
              <p className="font-medium text-slate-900">
                {g.title} <span className="font-normal text-slate-700">({g.program})</span>
              </p>
              <p className="text-sm text-slate-700">
                {t('sred.grants.countedAs', {
                  amount: cad(g.amount),
                  jurisdiction: translate(`sred.jurisdictions.${g.jurisdiction}`),
                })}
                {projectTitle(g.projectId)
                  ? ` · ${t('sred.grants.forProject', { project: projectTitle(g.projectId) })}`
                  : ''}
              </p>
              <p className="text-sm font-medium text-slate-900">
                {g.effect === null
                  ? t('sred.grants.noEffect')
                  : t('sred.grants.effect', { amount: cad(g.effect) })}
              </p>
              {!g.stillApproved && (
                <p className="text-sm text-amber-900">{t('sred.grants.noLongerApproved')}</p>
              )}
              <Button
                variant="ghost"
                size="sm"
                disabled={save.isPending}
                aria-label={t('sred.grants.removeNamed', { title: g.title })}
                onClick={() => remove(g)}
              >
                {t('sred.grants.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {claim.grantOffers.length > 0 ? (
        <ul className="space-y-2" aria-label={t('sred.grants.offeredList')}>
          {claim.grantOffers.map((o) => (
            <OfferRow key={o.applicationId} claim={claim} offer={o} />
          ))}
        </ul>
      ) : (
        claim.grants.length === 0 && (
          <p className="text-sm text-slate-700">
            {t('sred.grants.none')}{' '}
            <Link to="/applications" className={buttonClass('ghost', 'sm')}>
              {t('sred.grants.openTracker')}
            </Link>
          </p>
        )
      )}
    </Card>
  );
}
