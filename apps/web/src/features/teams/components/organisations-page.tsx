import { REVIEW_FILTERS, type ReviewFilter } from '@grantleaf/shared/office-review.schema';
import {
  ORGANISATION_ROLE_LABELS,
  ORGANISATION_ROLES,
  type Holiday,
  type OfficeListQuery,
  type OrganisationDetail,
  type OrganisationRole,
} from '@grantleaf/shared/organisations.schema';
import { SHARE_ROLE_LABELS } from '@grantleaf/shared/sharing.schema';
import { applicationStatusLabel } from '@grantleaf/shared/display-rules';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { SignInRequired } from '../../../components/sign-in-required.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Input, Label, Select } from '../../../components/ui/input.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import { ApiError } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { useCurrentUser } from '../../auth/api/auth.api.ts';
import {
  useAcceptInvitation,
  useChangeRole,
  useCreateOrganisation,
  useInvite,
  useJoinOrganisation,
  officeQuery,
  useHolidays,
  useOfficeList,
  useOrganisation,
  useOrganisations,
  useRemoveMember,
  useRevokeInvitation,
  useSharedWithMe,
  useUpdateOrganisation,
} from '../api/teams.api.ts';
import { downloadFile } from '../../../lib/download.ts';

const reason = (err: unknown) =>
  err instanceof ApiError ? (err.serverMessage ?? err.message) : 'Please try again.';
const failed = (title: string) => (err: unknown) => toast.error(title, { description: reason(err) });

function CreateOrganisation() {
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
          toast.success('Organisation created');
          setName('');
          setDomain('');
        },
        onError: (err) => setError(reason(err)),
      },
    );
  }
  return (
    <Card className="p-4 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">Create an organisation</h2>
      <form className="mt-3 grid gap-3 sm:grid-cols-2" onSubmit={submit} noValidate>
        <div>
          <Label htmlFor="org-name">Name</Label>
          <Input id="org-name" value={name} maxLength={200} onChange={(e) => setName(e.target.value)} />
        </div>
        <div>
          <Label htmlFor="org-domain">Admit verified addresses at (optional)</Label>
          <Input
            id="org-domain"
            placeholder="utoronto.ca"
            value={domain}
            onChange={(e) => setDomain(e.target.value)}
            aria-describedby="org-domain-hint"
          />
          <p id="org-domain-hint" className="mt-1 text-xs text-slate-600">
            Only the domain of your own verified address.
          </p>
        </div>
        {error ? (
          <p role="alert" className="text-sm text-red-700 sm:col-span-2">
            {error}
          </p>
        ) : null}
        <div className="sm:col-span-2">
          <Button type="submit" disabled={create.isPending || !name.trim()}>
            Create
          </Button>
        </div>
      </form>
    </Card>
  );
}

function InviteForm({ org }: { org: OrganisationDetail }) {
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
          toast.success(`Invitation sent to ${email.trim()}`);
          setEmail('');
        },
        onError: (err) => setError(reason(err)),
      },
    );
  }
  return (
    <form className="mt-3 grid gap-2 sm:grid-cols-[1fr_12rem_auto] sm:items-end" onSubmit={submit} noValidate>
      <div>
        <Label htmlFor="invite-email">Invite by e-mail</Label>
        <Input id="invite-email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      </div>
      <div>
        <Label htmlFor="invite-role">Role</Label>
        <Select
          id="invite-role"
          value={role}
          onChange={(e) => setRole(e.target.value as OrganisationRole)}
          options={roles.map((r) => ({ value: r, label: ORGANISATION_ROLE_LABELS[r] }))}
        />
      </div>
      <Button type="submit" disabled={invite.isPending || !email.trim()}>
        Send invitation
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
  const org = useOrganisation(id);
  const changeRole = useChangeRole(id);
  const remove = useRemoveMember(id);
  const revoke = useRevokeInvitation(id);
  if (org.isLoading) return <p className="text-sm text-slate-600">Loading…</p>;
  if (!org.data) return <p className="text-sm text-red-700">{String(org.error?.message ?? 'Not found')}</p>;
  const o = org.data;
  const isOwner = o.role === 'owner';
  const manages = isOwner || o.role === 'officer';
  return (
    <Card className="p-4 sm:p-6" data-testid="organisation">
      <h2 className="text-lg font-semibold text-slate-900">{o.name}</h2>
      <p className="text-sm text-slate-700">
        Your role: {ORGANISATION_ROLE_LABELS[o.role]}
        {o.domain ? ` · admits verified addresses at ${o.domain}` : ''}
      </p>
      <h3 className="mt-4 text-sm font-semibold text-slate-900">Members ({o.members})</h3>
      <ul className="mt-2 divide-y divide-slate-200" aria-label={`Members of ${o.name}`}>
        {o.memberList.map((m) => (
          <li key={m.userId} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
            <span className="min-w-0 break-all">
              <span className="font-medium text-slate-900">{m.name}</span>{' '}
              <span className="text-slate-600">{m.email}</span>
            </span>
            <span className="flex flex-wrap items-center gap-2">
              {isOwner ? (
                <Select
                  aria-label={`Role of ${m.name}`}
                  className="h-9 w-44"
                  value={m.role}
                  onChange={(e) =>
                    changeRole.mutate(
                      { userId: m.userId, role: e.target.value as OrganisationRole },
                      { onError: failed('The role was not changed') },
                    )
                  }
                  options={ORGANISATION_ROLES.map((r) => ({ value: r, label: ORGANISATION_ROLE_LABELS[r] }))}
                />
              ) : (
                <span className="text-slate-700">{ORGANISATION_ROLE_LABELS[m.role]}</span>
              )}
              {isOwner || m.userId === userId ? (
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() =>
                    remove.mutate(m.userId, {
                      onSuccess: () =>
                        toast.success(m.userId === userId ? 'You left the organisation' : 'Removed'),
                      onError: failed('Not removed'),
                    })
                  }
                >
                  {m.userId === userId ? 'Leave' : 'Remove'}
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
              <h3 className="mt-4 text-sm font-semibold text-slate-900">Open invitations</h3>
              <ul className="mt-1 text-sm" aria-label="Open invitations">
                {o.invitations.map((i) => (
                  <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 py-1">
                    <span className="break-all">
                      {i.email} · {ORGANISATION_ROLE_LABELS[i.role]} · until {formatDate(i.expiresAt)}
                    </span>
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => revoke.mutate(i.id, { onError: failed('Not withdrawn') })}
                    >
                      Withdraw
                    </Button>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          <OfficeList org={o} />
        </>
      ) : null}
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
  const list = useOfficeList(org.id, true, filter);
  const update = useUpdateOrganisation(org.id);
  const [days, setDays] = useState(String(org.internalDeadlineDays));
  const rows = list.data?.data ?? [];
  const field = (key: keyof OfficeListQuery) => `office-${key}-${org.id}`;
  return (
    <section className="mt-6" aria-labelledby={`office-${org.id}`}>
      <h3 id={`office-${org.id}`} className="text-sm font-semibold text-slate-900">
        Applications shared with {org.name} ({rows.length})
      </h3>
      {org.role === 'owner' ? (
        <form
          className="mt-2 flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            update.mutate(
              { internalDeadlineDays: Number(days) },
              {
                onSuccess: () => toast.success('Internal deadline saved'),
                onError: failed('Not saved'),
              },
            );
          }}
        >
          <div>
            <Label htmlFor={`days-${org.id}`}>Internal deadline (business days before the funder’s)</Label>
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
            Save
          </Button>
        </form>
      ) : null}
      <p className="mt-1 text-xs text-slate-600">{t('office.list.holidaysNote')}</p>
      <Holidays org={org} />
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
          {officeQuery(filter) ? t('office.filter.none') : 'Nothing is shared with the organisation yet.'}
        </p>
      ) : (
        <div className="mt-2 overflow-x-auto">
          <table className="w-full min-w-[48rem] text-left text-sm" data-testid="office-list">
            <thead className="text-xs text-slate-600">
              <tr>
                <th className="py-1 pr-3">Application</th>
                <th className="py-1 pr-3">Applicant</th>
                <th className="py-1 pr-3">{t('office.list.review')}</th>
                <th className="py-1 pr-3">{t('office.list.readiness')}</th>
                <th className="py-1 pr-3">Status</th>
                <th className="py-1 pr-3">Funder deadline</th>
                <th className="py-1">Internal deadline</th>
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
                  <td className="py-1 pr-3">{applicationStatusLabel(a.status)}</td>
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
          if (result !== 'ok') toast.error('Export failed', { description: 'Please try again.' });
        }}
      >
        Download CSV
      </Button>
    </section>
  );
}

function SharedWithMe() {
  const shared = useSharedWithMe();
  const rows = shared.data?.data ?? [];
  return (
    <Card className="p-4 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">Shared with me</h2>
      {shared.error ? <p className="mt-2 text-sm text-red-700">{shared.error.message}</p> : null}
      {rows.length === 0 && !shared.isLoading ? (
        <p className="mt-2 text-sm text-slate-700">Nothing is shared with you yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200" aria-label="Applications shared with me">
          {rows.map((a) => (
            <li key={a.id} className="py-2 text-sm">
              <Link to={`/applications/${a.id}`} className="font-medium text-brand-800 underline">
                {a.title}
              </Link>
              <p className="text-slate-700">
                {a.program} · {applicationStatusLabel(a.status)}
                {a.deadline ? ` · Deadline ${a.deadline}` : ''} · from {a.owner} ·{' '}
                {a.access === 'commenter' && a.organisation
                  ? `review for ${a.organisation}`
                  : a.access === 'owner'
                    ? ''
                    : SHARE_ROLE_LABELS[a.access]}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export function OrganisationsPage() {
  const { data: user, isLoading } = useCurrentUser();
  const orgs = useOrganisations();
  const join = useJoinOrganisation();
  if (isLoading) return null;
  if (!user) return <SignInRequired message="Access denied. Please log in to view your organisations." />;
  return (
    <main className="mx-auto max-w-5xl space-y-6 px-4 py-6">
      <h1 className="text-2xl font-bold text-slate-900">Organisations and shared work</h1>
      {!user.emailVerified ? (
        <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900" role="note">
          Verify your e-mail address to create or join an organisation.
        </p>
      ) : null}
      <SharedWithMe />
      {(orgs.data?.joinable ?? []).map((o) => (
        <Card key={o.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
          <p className="text-sm text-slate-800">
            {o.name} admits verified addresses at {o.domain}.
          </p>
          <Button
            size="sm"
            disabled={join.isPending}
            onClick={() =>
              join.mutate(o.id, {
                onSuccess: () => toast.success(`You joined ${o.name}`),
                onError: failed('Not joined'),
              })
            }
          >
            Join {o.name}
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
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { data: user, isLoading } = useCurrentUser();
  const accept = useAcceptInvitation();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setError(null), [token]);
  if (isLoading) return null;
  if (!user)
    return <SignInRequired message="Please log in (or register) with the invited address to join." />;
  return (
    <main className="mx-auto max-w-xl px-4 py-10">
      <Card className="p-6">
        <h1 className="text-xl font-semibold text-slate-900">Join an organisation</h1>
        <p className="mt-2 text-sm text-slate-700">
          You were invited to an organisation on Grantleaf. Accept with this account ({user.email}).
        </p>
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
                toast.success(`You joined ${(org as OrganisationDetail).name}`);
                void navigate('/organisations');
              },
              onError: (err) => setError(reason(err)),
            })
          }
        >
          Accept invitation
        </Button>
      </Card>
    </main>
  );
}
