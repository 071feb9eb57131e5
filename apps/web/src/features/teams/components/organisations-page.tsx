import { APPLICATION_STATUSES, type ApplicationStatus } from '@grantleaf/shared/applications.schema';
import { REVIEW_FILTERS, type ReviewFilter } from '@grantleaf/shared/office-review.schema';
import {
  ORGANISATION_ROLES,
  type Holiday,
  type OfficeListQuery,
  type OrganisationDetail,
  type OrganisationRole,
} from '@grantleaf/shared/organisations.schema';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { SignInRequired } from '../../../components/sign-in-required.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Input, Label, Select } from '../../../components/ui/input.tsx';
import '../../../i18n/office-catalogue.ts';
import { t as translate, useTranslation } from '../../../i18n/index.ts';
import { messageOf } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { useCurrentUser } from '../../auth/api/auth.api.ts';
import {
  useAcceptInvitation,
  useChangeRole,
  useCreateOrganisation,
  useInvite,
  useJoinOrganisation,
  useHolidays,
  useRemoveMember,
  useRevokeInvitation,
  useUpdateOrganisation,
} from '../api/teams.api.ts';
import { downloadFile } from '../../../lib/download.ts';
import { Competitions } from './competitions-panel.tsx';
import { OrganisationCreditsPanel } from './organisation-credits.tsx';
import { ProgramDeadlines } from './program-deadlines.tsx';
import { officeListQuery, organisationQuery, sharedWithMeQuery } from '../api/teams.queries.ts';
import { useQuery } from '@tanstack/react-query';
import { officeQuery } from '../api/teams.queries.ts';
import { organisationsQuery } from '../../../lib/queries/organisations.queries.ts';

const reason = (err: unknown) => messageOf(err, translate('office.tryAgain'));
const failed = (title: string) => (err: unknown) => toast.error(title, { description: reason(err) });

/** An application's status in the interface's language (a status the web does not know shows as sent). */
const statusText = (status: string) =>
  (APPLICATION_STATUSES as readonly string[]).includes(status)
    ? translate(`office.appStatus.${status as ApplicationStatus}`)
    : status;

function CreateOrganisation() {
  const { t } = useTranslation();
  const create = useCreateOrganisation();
  const [name, setName] = useState('');
  const [domain, setDomain] = useState('');
  const [error, setError] = useState<string | null>(null);
  function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    create.mutate(
      { name, domain: domain.trim() ? domain.trim() : null },
      {
        onSuccess: () => {
          toast.success(t('office.orgs.created'));
          setName('');
          setDomain('');
        },
        onError: (err) => setError(reason(err)),
      },
    );
  }
  return (
    <Card className="p-4 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">{t('office.orgs.createTitle')}</h2>
      <form className="mt-3 grid gap-3 sm:grid-cols-2" onSubmit={submit} noValidate>
        <div>
          <Label htmlFor="org-name">{t('office.orgs.name')}</Label>
          <Input id="org-name" value={name} maxLength={200} onChange={(e) => setName(e.target.value)} />
        </div>
        <div>
          <Label htmlFor="org-domain">{t('office.orgs.domain')}</Label>
          <Input
            id="org-domain"
            placeholder="utoronto.ca"
            value={domain}
            onChange={(e) => setDomain(e.target.value)}
            aria-describedby="org-domain-hint"
          />
          <p id="org-domain-hint" className="mt-1 text-xs text-slate-600">
            {t('office.orgs.domainHint')}
          </p>
        </div>
        {error ? (
          <p role="alert" className="text-sm text-red-700 sm:col-span-2">
            {error}
          </p>
        ) : null}
        <div className="sm:col-span-2">
          <Button type="submit" disabled={create.isPending || !name.trim()}>
            {t('office.orgs.create')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function InviteForm({ org }: { org: OrganisationDetail }) {
  const { t } = useTranslation();
  const invite = useInvite(org.id);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<OrganisationRole>('member');
  const [error, setError] = useState<string | null>(null);
  const roles = org.role === 'owner' ? ORGANISATION_ROLES : (['member'] as const);
  function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    invite.mutate(
      { email, role },
      {
        onSuccess: () => {
          toast.success(t('office.orgs.invitationSent', { email: email.trim() }));
          setEmail('');
        },
        onError: (err) => setError(reason(err)),
      },
    );
  }
  return (
    <form className="mt-3 grid gap-2 sm:grid-cols-[1fr_12rem_auto] sm:items-end" onSubmit={submit} noValidate>
      <div>
        <Label htmlFor="invite-email">{t('office.orgs.inviteEmail')}</Label>
        <Input id="invite-email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      </div>
      <div>
        <Label htmlFor="invite-role">{t('office.orgs.roleLabel')}</Label>
        <Select
          id="invite-role"
          value={role}
          onChange={(e) => setRole(e.target.value as OrganisationRole)}
          options={roles.map((r) => ({ value: r, label: t(`office.role.${r}`) }))}
        />
      </div>
      <Button type="submit" disabled={invite.isPending || !email.trim()}>
        {t('office.orgs.sendInvitation')}
      </Button>
      {error ? (
        <p role="alert" className="text-sm text-red-700 sm:col-span-3">
          {error}
        </p>
      ) : null}
    </form>
  );
}

function OrganisationCard({ id, userId }: { id: string; userId: string }) {
  const { t } = useTranslation();
  const org = useQuery(organisationQuery(id));
  const changeRole = useChangeRole(id);
  const remove = useRemoveMember(id);
  const revoke = useRevokeInvitation(id);
  if (org.isLoading) return <p className="text-sm text-slate-600">{t('office.orgs.loading')}</p>;
  if (!org.data)
    return <p className="text-sm text-red-700">{String(org.error?.message ?? t('office.orgs.notFound'))}</p>;
  const o = org.data;
  const isOwner = o.role === 'owner';
  const manages = isOwner || o.role === 'officer';
  return (
    <Card className="p-4 sm:p-6" data-testid="organisation">
      <h2 className="text-lg font-semibold text-slate-900">{o.name}</h2>
      <p className="text-sm text-slate-700">
        {t('office.orgs.yourRole', { role: t(`office.role.${o.role}`) })}
        {o.domain ? t('office.orgs.admitsShort', { domain: o.domain }) : ''}
      </p>
      <h3 className="mt-4 text-sm font-semibold text-slate-900">
        {t('office.orgs.members', { total: o.members })}
      </h3>
      <ul
        className="mt-2 divide-y divide-slate-200"
        aria-label={t('office.orgs.membersOf', { name: o.name })}
      >
        {o.memberList.map((m) => (
          <li key={m.userId} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
            <span className="min-w-0 break-all">
              <span className="font-medium text-slate-900">{m.name}</span>{' '}
              <span className="text-slate-600">{m.email}</span>
            </span>
            <span className="flex flex-wrap items-center gap-2">
              {isOwner ? (
                <Select
                  aria-label={t('office.orgs.roleOf', { name: m.name })}
                  className="h-9 w-44"
                  value={m.role}
                  onChange={(e) =>
                    changeRole.mutate(
                      { userId: m.userId, role: e.target.value as OrganisationRole },
                      { onError: failed(t('office.orgs.roleNotChanged')) },
                    )
                  }
                  options={ORGANISATION_ROLES.map((r) => ({ value: r, label: t(`office.role.${r}`) }))}
                />
              ) : (
                <span className="text-slate-700">{t(`office.role.${m.role}`)}</span>
              )}
              {isOwner || m.userId === userId ? (
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() =>
                    remove.mutate(m.userId, {
                      onSuccess: () =>
                        toast.success(m.userId === userId ? t('office.orgs.left') : t('office.orgs.removed')),
                      onError: failed(t('office.orgs.notRemoved')),
                    })
                  }
                >
                  {m.userId === userId ? t('office.orgs.leave') : t('office.orgs.remove')}
                </Button>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
      {manages ? (
        <>
          <InviteForm org={o} />
          {o.invitations.length > 0 ? (
            <>
              <h3 className="mt-4 text-sm font-semibold text-slate-900">
                {t('office.orgs.openInvitations')}
              </h3>
              <ul className="mt-1 text-sm" aria-label={t('office.orgs.openInvitations')}>
                {o.invitations.map((i) => (
                  <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 py-1">
                    <span className="break-all">
                      {i.email} · {t(`office.role.${i.role}`)} ·{' '}
                      {t('office.orgs.until', { date: formatDate(i.expiresAt) })}
                    </span>
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => revoke.mutate(i.id, { onError: failed(t('office.orgs.notWithdrawn')) })}
                    >
                      {t('office.orgs.withdraw')}
                    </Button>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          <OfficeList org={o} />
        </>
      ) : null}
      <OrganisationCreditsPanel org={o} />
      <Competitions org={o} userId={userId} />
    </Card>
  );
}

/** The institution's holidays (ADR 0441): the internal deadline's count skips them. */
function Holidays({ org }: { org: OrganisationDetail }) {
  const { t } = useTranslation();
  const { query, save } = useHolidays(org.id);
  const [draft, setDraft] = useState<Holiday[] | null>(null);
  const [date, setDate] = useState('');
  const [name, setName] = useState('');
  const list = draft ?? query.data?.holidays ?? [];
  return (
    <section className="mt-4" aria-labelledby={`holidays-${org.id}`}>
      <h4 id={`holidays-${org.id}`} className="text-sm font-semibold text-slate-900">
        {t('office.holidays.title')}
      </h4>
      {list.length === 0 ? (
        <p className="mt-1 text-sm text-slate-700">{t('office.holidays.none')}</p>
      ) : (
        <ul className="mt-1 text-sm" aria-label={t('office.holidays.list', { name: org.name })}>
          {list.map((h) => (
            <li key={h.date} className="flex flex-wrap items-center justify-between gap-2 py-1">
              <span>
                {h.date} · {h.name}
              </span>
              <Button
                size="sm"
                variant="ghost"
                aria-label={t('office.holidays.remove', { name: `${h.date} ${h.name}` })}
                onClick={() => setDraft(list.filter((x) => x.date !== h.date))}
              >
                ×
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-2 flex flex-wrap items-end gap-2">
        <div>
          <Label htmlFor={`holiday-date-${org.id}`}>{t('office.holidays.date')}</Label>
          <Input
            id={`holiday-date-${org.id}`}
            type="date"
            className="w-44"
            value={date}
            onChange={(e) => setDate(e.target.value)}
          />
        </div>
        <div className="min-w-0 flex-1">
          <Label htmlFor={`holiday-name-${org.id}`}>{t('office.holidays.name')}</Label>
          <Input
            id={`holiday-name-${org.id}`}
            maxLength={100}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <Button
          size="sm"
          variant="secondary"
          disabled={!date || !name.trim() || list.some((h) => h.date === date)}
          onClick={() => {
            setDraft([...list, { date, name: name.trim() }].sort((a, b) => a.date.localeCompare(b.date)));
            setDate('');
            setName('');
          }}
        >
          {t('office.holidays.add')}
        </Button>
        <Button
          size="sm"
          disabled={!draft || save.isPending}
          onClick={() =>
            save.mutate(
              { holidays: list },
              {
                onSuccess: () => {
                  setDraft(null);
                  toast.success(t('office.holidays.saved'));
                },
                onError: failed(t('office.review.failed')),
              },
            )
          }
        >
          {t('office.holidays.save')}
        </Button>
      </div>
    </section>
  );
}

const FILTERS: Array<ReviewFilter | ''> = ['', ...REVIEW_FILTERS];

/**
 * Every application shared with the organisation, soonest deadline first, with the office's
 * review, the live checks' summary, filters (ADR 0442) and a CSV of what the filters show.
 */
function OfficeList({ org }: { org: OrganisationDetail }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<OfficeListQuery>({});
  const [form, setForm] = useState<OfficeListQuery>({});
  const list = useQuery(officeListQuery(org.id, true, filter));
  const update = useUpdateOrganisation(org.id);
  const [days, setDays] = useState(String(org.internalDeadlineDays));
  const rows = list.data?.data ?? [];
  const field = (key: keyof OfficeListQuery) => `office-${key}-${org.id}`;
  return (
    <section className="mt-6" aria-labelledby={`office-${org.id}`}>
      <h3 id={`office-${org.id}`} className="text-sm font-semibold text-slate-900">
        {t('office.orgs.sharedWithOrg', { name: org.name, total: rows.length })}
      </h3>
      {org.role === 'owner' ? (
        <form
          className="mt-2 flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            update.mutate(
              { internalDeadlineDays: Number(days) },
              {
                onSuccess: () => toast.success(t('office.orgs.deadlineSaved')),
                onError: failed(t('office.orgs.notSaved')),
              },
            );
          }}
        >
          <div>
            <Label htmlFor={`days-${org.id}`}>{t('office.orgs.internalDays')}</Label>
            <Input
              id={`days-${org.id}`}
              type="number"
              min={0}
              max={30}
              className="w-28"
              value={days}
              onChange={(e) => setDays(e.target.value)}
            />
          </div>
          <Button type="submit" size="sm" variant="secondary" disabled={update.isPending}>
            {t('office.orgs.save')}
          </Button>
        </form>
      ) : null}
      <p className="mt-1 text-xs text-slate-600">{t('office.list.holidaysNote')}</p>
      <Holidays org={org} />
      <ProgramDeadlines org={org} />
      <form
        className="mt-4 flex flex-wrap items-end gap-2"
        aria-label={t('office.filter.label')}
        onSubmit={(e) => {
          e.preventDefault();
          setFilter(form);
        }}
      >
        <div>
          <Label htmlFor={field('status')}>{t('office.filter.status')}</Label>
          <Select
            id={field('status')}
            className="h-9 w-48"
            value={form.status ?? ''}
            onChange={(e) =>
              setForm({ ...form, status: (e.target.value || undefined) as ReviewFilter | undefined })
            }
            options={FILTERS.map((f) => ({ value: f, label: t(`office.filter.${f || 'all'}`) }))}
          />
        </div>
        <div>
          <Label htmlFor={field('program')}>{t('office.filter.program')}</Label>
          <Input
            id={field('program')}
            className="w-44"
            maxLength={200}
            value={form.program ?? ''}
            onChange={(e) => setForm({ ...form, program: e.target.value || undefined })}
          />
        </div>
        <div>
          <Label htmlFor={field('from')}>{t('office.filter.from')}</Label>
          <Input
            id={field('from')}
            type="date"
            className="w-44"
            value={form.from ?? ''}
            onChange={(e) => setForm({ ...form, from: e.target.value || undefined })}
          />
        </div>
        <div>
          <Label htmlFor={field('to')}>{t('office.filter.to')}</Label>
          <Input
            id={field('to')}
            type="date"
            className="w-44"
            value={form.to ?? ''}
            onChange={(e) => setForm({ ...form, to: e.target.value || undefined })}
          />
        </div>
        <Button type="submit" size="sm" variant="secondary">
          {t('office.filter.apply')}
        </Button>
        {officeQuery(filter) ? (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              setForm({});
              setFilter({});
            }}
          >
            {t('office.filter.clear')}
          </Button>
        ) : null}
      </form>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">
          {officeQuery(filter) ? t('office.filter.none') : t('office.orgs.nothingShared')}
        </p>
      ) : (
        <div className="mt-2 overflow-x-auto">
          <table className="w-full min-w-[48rem] text-left text-sm" data-testid="office-list">
            <thead className="text-xs text-slate-600">
              <tr>
                <th className="py-1 pr-3">{t('office.orgs.colApplication')}</th>
                <th className="py-1 pr-3">{t('office.orgs.colApplicant')}</th>
                <th className="py-1 pr-3">{t('office.list.review')}</th>
                <th className="py-1 pr-3">{t('office.list.readiness')}</th>
                <th className="py-1 pr-3">{t('office.orgs.colStatus')}</th>
                <th className="py-1 pr-3">{t('office.orgs.colFunderDeadline')}</th>
                <th className="py-1">{t('office.orgs.colInternalDeadline')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {rows.map((a) => (
                <tr key={a.id}>
                  <td className="py-1 pr-3">
                    <Link to={`/applications/${a.id}`} className="text-brand-800 underline">
                      {a.title}
                    </Link>
                    <span className="block text-xs text-slate-600">{a.program}</span>
                  </td>
                  <td className="py-1 pr-3">{a.owner}</td>
                  <td className="py-1 pr-3">{t(`office.filter.${a.reviewState ?? 'draft'}`)}</td>
                  <td className="py-1 pr-3">
                    {a.readiness.ready
                      ? t('office.list.ready')
                      : t('office.list.left', {
                          count: a.readiness.left,
                          found: a.readiness.found,
                          expected: a.readiness.expected,
                        })}
                  </td>
                  <td className="py-1 pr-3">{statusText(a.status)}</td>
                  <td className="py-1 pr-3">{a.deadline ?? '—'}</td>
                  <td className="py-1">{a.internalDeadline ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Button
        size="sm"
        variant="secondary"
        className="mt-2"
        onClick={async () => {
          const result = await downloadFile(
            `/api/organisations/${org.id}/applications.csv${officeQuery(filter)}`,
            'office-applications.csv',
          );
          if (result !== 'ok')
            toast.error(t('office.orgs.exportFailed'), { description: t('office.tryAgain') });
        }}
      >
        {t('office.orgs.downloadCsv')}
      </Button>
    </section>
  );
}

function SharedWithMe() {
  const { t } = useTranslation();
  const shared = useQuery(sharedWithMeQuery());
  const rows = shared.data?.data ?? [];
  return (
    <Card className="p-4 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">{t('office.orgs.sharedWithMe')}</h2>
      {shared.error ? <p className="mt-2 text-sm text-red-700">{shared.error.message}</p> : null}
      {rows.length === 0 && !shared.isLoading ? (
        <p className="mt-2 text-sm text-slate-700">{t('office.orgs.nothingSharedWithMe')}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200" aria-label={t('office.orgs.sharedWithMeList')}>
          {rows.map((a) => (
            <li key={a.id} className="py-2 text-sm">
              <Link to={`/applications/${a.id}`} className="font-medium text-brand-800 underline">
                {a.title}
              </Link>
              <p className="text-slate-700">
                {a.program} · {statusText(a.status)}
                {a.deadline ? ` · ${t('office.orgs.deadline', { date: a.deadline })}` : ''} ·{' '}
                {t('office.orgs.from', { name: a.owner })} ·{' '}
                {a.access === 'commenter' && a.organisation
                  ? t('office.orgs.reviewFor', { name: a.organisation })
                  : a.access === 'owner'
                    ? ''
                    : t(`office.shareRole.${a.access}`)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export function OrganisationsPage() {
  const { t } = useTranslation();
  const { data: user, isLoading } = useCurrentUser();
  const orgs = useQuery(organisationsQuery());
  const join = useJoinOrganisation();
  if (isLoading) return null;
  if (!user) return <SignInRequired message={t('office.orgs.signIn')} />;
  return (
    <main className="mx-auto max-w-5xl space-y-6 px-4 py-6">
      <h1 className="text-2xl font-bold text-slate-900">{t('office.orgs.pageTitle')}</h1>
      {!user.emailVerified ? (
        <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900" role="note">
          {t('office.orgs.verifyFirst')}
        </p>
      ) : null}
      <SharedWithMe />
      {(orgs.data?.joinable ?? []).map((o) => (
        <Card key={o.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
          <p className="text-sm text-slate-800">
            {t('office.orgs.admits', { name: o.name, domain: o.domain })}
          </p>
          <Button
            size="sm"
            disabled={join.isPending}
            onClick={() =>
              join.mutate(o.id, {
                onSuccess: () => toast.success(t('office.orgs.joined', { name: o.name })),
                onError: failed(t('office.orgs.notJoined')),
              })
            }
          >
            {t('office.orgs.join', { name: o.name })}
          </Button>
        </Card>
      ))}
      {orgs.error ? <p className="text-sm text-red-700">{orgs.error.message}</p> : null}
      {(orgs.data?.data ?? []).map((o) => (
        <OrganisationCard key={o.id} id={o.id} userId={user.id} />
      ))}
      <CreateOrganisation />
    </main>
  );
}

/** The invitation link: /organisations/join?token=… (the signed-in, verified invitee accepts). */
export function JoinOrganisationPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { data: user, isLoading } = useCurrentUser();
  const accept = useAcceptInvitation();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setError(null), [token]);
  if (isLoading) return null;
  if (!user) return <SignInRequired message={t('office.orgs.joinSignIn')} />;
  return (
    <main className="mx-auto max-w-xl px-4 py-10">
      <Card className="p-6">
        <h1 className="text-xl font-semibold text-slate-900">{t('office.orgs.joinTitle')}</h1>
        <p className="mt-2 text-sm text-slate-700">{t('office.orgs.joinIntro', { email: user.email })}</p>
        {error ? (
          <p role="alert" className="mt-3 text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <Button
          className="mt-4"
          disabled={accept.isPending || !token}
          onClick={() =>
            accept.mutate(token, {
              onSuccess: (org) => {
                toast.success(t('office.orgs.joined', { name: (org as OrganisationDetail).name }));
                void navigate('/organisations');
              },
              onError: (err) => setError(reason(err)),
            })
          }
        >
          {t('office.orgs.accept')}
        </Button>
      </Card>
    </main>
  );
}
