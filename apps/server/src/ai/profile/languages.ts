import { z } from 'zod';
import data from '../../../data/program-languages.json' with { type: 'json' };

/** The languages a program accepts an application in (data/program-languages.json), with the page it was read from. */

export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

const ruleSchema = z.object({
  accepted: z.array(z.enum(LANGUAGES)).min(1),
  /** The funder's words, or what the product assumes when no page was read. */
  says: z.string().min(10),
  source: z.string().url().optional(),
  read: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  verified: z.boolean(),
  note: z.string().optional(),
});

const fileSchema = z.object({
  about: z.string(),
  rules: z.array(
    ruleSchema
      .extend({ programs: z.array(z.string().min(2)).min(1), source: z.string().url(), read: z.string() })
      .refine((r) => r.verified || r.note, { message: 'an unverified rule says what to check' }),
  ),
  default: ruleSchema.refine((r) => !r.verified && r.note, {
    message: 'the default is never verified and says what to check',
  }),
});

export type ProgramLanguages = z.infer<typeof ruleSchema>;

const FILE = fileSchema.parse(data);

/** Program ids, or id prefixes ending in "-". */
const applies = (programs: readonly string[], id: string) =>
  programs.some((p) => (p.endsWith('-') ? id.startsWith(p) : id === p));

export function languagesOf(programId: string): ProgramLanguages {
  const rule = FILE.rules.find((r) => applies(r.programs, programId));
  if (!rule) return FILE.default;
  const { programs: _programs, ...languages } = rule;
  return languages;
}
