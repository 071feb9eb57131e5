import {
  HONEYPOT_FIELD,
  type AdminLead,
  type AdminZenoLead,
  type LeadInput,
  type LeadResponse,
  type LeadStatus,
  type ZenoLeadInput,
} from '@grantleaf/shared/leads.schema';
import type { Language } from '@grantleaf/shared/language';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { notFound } from '../../errors.ts';
import { clientAddressKey, createRateLimiter, type RateLimitRule } from '../../http/rate-limit.ts';
import {
  earlyAccessAckMail,
  earlyAccessOperatorMail,
  leadAckMail,
  leadOperatorMail,
  type Mailer,
} from '../mail/index.ts';
import * as repo from './leads.repository.ts';
import type { LeadRow, ZenoLeadRow } from './leads.schema.ts';

/** Both forms are public: 5 posts per IP per 10 minutes each. */
export const LEAD_RATE_LIMIT: RateLimitRule = { points: 5, windowSeconds: 10 * 60 };
/** A second post from the same address within this time is acknowledged but not kept. */
export const DUPLICATE_WINDOW_SECONDS = 24 * 60 * 60;

export const LEAD_SUCCESS_MESSAGE = "Thank you! We'll send your grant analysis within 24 hours.";
export const ZENO_SUCCESS_MESSAGE = "We've received your early access request and will be in touch soon.";
const RATE_LIMIT_MESSAGE = 'Too many requests. Please try again later.';

export interface RequestMeta {
  ip: string;
  /** The browser's language (Accept-Language): the forms come before any account (ADR 0860). */
  language: Language;
}

function toAdminLead(row: LeadRow): AdminLead {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    organization: row.organization,
    grantSize: row.grantSize,
    message: row.message,
    status: row.status as LeadStatus,
    createdAt: row.createdAt.toISOString(),
  };
}

function toAdminZenoLead(row: ZenoLeadRow): AdminZenoLead {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phoneNumber: row.phoneNumber,
    message: row.message,
    interestType: row.interestType,
    createdAt: row.createdAt.toISOString(),
  };
}

export type LeadsService = ReturnType<typeof createLeadsService>;

export function createLeadsService(deps: { db: Db; mailer: Mailer; env: Pick<Env, 'CONTACT_EMAIL'> }) {
  const { db, mailer, env } = deps;
  const limiter = createRateLimiter(db);

  return {
    async submitLead(input: LeadInput, meta: RequestMeta): Promise<LeadResponse> {
      await limiter.enforce(`leads:${clientAddressKey(meta.ip)}`, LEAD_RATE_LIMIT, RATE_LIMIT_MESSAGE);
      const done = { success: true, message: LEAD_SUCCESS_MESSAGE };
      // A filled honeypot is a bot: it gets the same answer as a person, so it learns nothing.
      if (input[HONEYPOT_FIELD]) return done;
      const email = input.email.trim();
      const lead = await db.transaction(async (tx) => {
        await repo.lockEmail(tx, 'leads', email);
        if (await repo.hasLeadSince(tx, email, DUPLICATE_WINDOW_SECONDS)) return undefined;
        return repo.insertLead(tx, {
          email,
          role: input.role,
          organization: input.organization.trim(),
          grantSize: input.grantSize,
          message: input.message?.trim() || null,
          ip: meta.ip,
        });
      });
      if (!lead) return done;
      // The mail quotes only enumerated values: free text from an anonymous form must not let
      // anyone send their own words to a third party's inbox through us.
      await mailer.send({
        to: lead.email,
        dedupeKey: `lead-ack:${lead.id}`,
        ...leadAckMail(meta.language, { role: lead.role, grantSize: lead.grantSize }),
      });
      // The team promised an analysis within 24 hours, so it hears about the request at once.
      await mailer.send({
        to: env.CONTACT_EMAIL,
        dedupeKey: `lead-notify:${lead.id}`,
        ...leadOperatorMail(lead),
      });
      return done;
    },

    async submitZenoLead(input: ZenoLeadInput, meta: RequestMeta): Promise<LeadResponse> {
      await limiter.enforce(`zeno-leads:${clientAddressKey(meta.ip)}`, LEAD_RATE_LIMIT, RATE_LIMIT_MESSAGE);
      const done = { success: true, message: ZENO_SUCCESS_MESSAGE };
      if (input[HONEYPOT_FIELD]) return done;
      const email = input.email.trim();
      const submission = await db.transaction(async (tx) => {
        await repo.lockEmail(tx, 'zeno-leads', email);
        if (await repo.hasZenoLeadSince(tx, email, DUPLICATE_WINDOW_SECONDS)) return undefined;
        return repo.insertZenoLead(tx, {
          name: input.name.trim(),
          email,
          phoneNumber: input.phoneNumber.trim(),
          message: input.message.trim(),
          interestType: input.interestType,
          ip: meta.ip,
        });
      });
      if (!submission) return done;
      await mailer.send({
        to: submission.email,
        dedupeKey: `zeno-lead-ack:${submission.id}`,
        ...earlyAccessAckMail(meta.language, { interestType: submission.interestType }),
      });
      await mailer.send({
        to: env.CONTACT_EMAIL,
        dedupeKey: `zeno-lead-notify:${submission.id}`,
        ...earlyAccessOperatorMail(submission),
      });
      return done;
    },

    async listLeads(): Promise<AdminLead[]> {
      return (await repo.listLeads(db)).map(toAdminLead);
    },

    async listZenoLeads(): Promise<AdminZenoLead[]> {
      return (await repo.listZenoLeads(db)).map(toAdminZenoLead);
    },

    async updateLeadStatus(id: string, status: LeadStatus): Promise<AdminLead> {
      const row = await repo.updateLeadStatus(db, id, status);
      if (!row) throw notFound('Lead not found');
      return toAdminLead(row);
    },
  };
}
