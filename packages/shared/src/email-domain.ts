import { z } from 'zod';
import { parse } from 'tldts';

/**
 * Spec §5 names a rule on the part of the e-mail domain before its first dot; that refuses real
 * university addresses such as mail.utoronto.ca. We judge the registrable domain instead, found
 * with the Public Suffix List (tldts): "mail.utoronto.ca" → "utoronto", "mail.com" → "mail"
 * (docs/decisions/0095-registrable-email-domain.md). One list, used by the register form while
 * typing and by the server.
 */
export const PERSONAL_EMAIL_PROVIDERS: ReadonlySet<string> = new Set([
  'gmail',
  'googlemail',
  'yahoo',
  'ymail',
  'rocketmail',
  'hotmail',
  'outlook',
  'live',
  'msn',
  'passport',
  'icloud',
  'me',
  'mac',
  'aol',
  'aim',
  'proton',
  'protonmail',
  'pm',
  'gmx',
  'qq',
  'foxmail',
  '163',
  '126',
  'yeah',
  'sina',
  'sohu',
  'aliyun',
  'yandex',
  'ya',
  'mail',
  'inbox',
  'list',
  'bk',
  'rambler',
  'zoho',
  'zohomail',
  'tutanota',
  'tuta',
  'tutamail',
  'fastmail',
  'fastmail-fm',
  'hushmail',
  'hush',
  'mailfence',
  'posteo',
  'disroot',
  'runbox',
  'startmail',
  'countermail',
  'lavabit',
  'web',
  'freenet',
  't-online',
  'arcor',
  'libero',
  'virgilio',
  'tiscali',
  'alice',
  'laposte',
  'orange',
  'wanadoo',
  'free',
  'sfr',
  'seznam',
  'centrum',
  'atlas',
  'wp',
  'o2',
  'onet',
  'interia',
  'naver',
  'hanmail',
  'daum',
  'nate',
  'rediffmail',
  'rediff',
  'sify',
  'lycos',
  'excite',
  'juno',
  'netzero',
  'earthlink',
  'comcast',
  'verizon',
  'att',
  'sbcglobal',
  'bellsouth',
  'cox',
  'charter',
  'optonline',
  'shaw',
  'rogers',
  'sympatico',
  'videotron',
  'telus',
  'bell',
  'btinternet',
  'btopenworld',
  'sky',
  'virginmedia',
  'ntlworld',
  'talktalk',
  'bigpond',
  'optusnet',
  'xtra',
  'mailinator',
  'guerrillamail',
  'sharklasers',
  'yopmail',
  'temp-mail',
  'tempmail',
  '10minutemail',
  'trashmail',
  'getnada',
  'dispostable',
  'email',
  'usa',
  'consultant',
  'engineer',
  'post',
  'gmx-net',
  'skiff',
  'duck',
  'hey',
]);

export type EmailDomainCheck = 'incomplete' | 'personal' | 'institutional';

/**
 * The registrable domain of an address ("alice@mail.utoronto.ca" → "utoronto.ca") and its label
 * the provider list is checked against ("utoronto"); null while the domain is not yet complete.
 */
export function registrableDomain(email: string): { domain: string; label: string } | null {
  const at = email.lastIndexOf('@');
  if (at < 0) return null;
  const host = email
    .slice(at + 1)
    .trim()
    .toLowerCase();
  const parsed = parse(host);
  if (!parsed.domain || !parsed.domainWithoutSuffix || !parsed.isIcann) return null;
  return { domain: parsed.domain, label: parsed.domainWithoutSuffix };
}

export function checkEmailDomain(email: string): EmailDomainCheck {
  const registrable = registrableDomain(email);
  if (registrable === null) return 'incomplete';
  return PERSONAL_EMAIL_PROVIDERS.has(registrable.label) ? 'personal' : 'institutional';
}

export function isInstitutionalEmail(email: string): boolean {
  return checkEmailDomain(email) === 'institutional';
}

/** A domain name as the institution lookup takes it: letters, digits, hyphens and dots. */
export const emailDomainParamsSchema = z.object({
  domain: z
    .string()
    .max(253)
    .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i),
});

/**
 * What the known-academic list says of a domain: `academic` when the domain or its suffix is on
 * it (".edu", ".ac.uk", …), `institution` when the list names the institution.
 */
export const institutionLookupSchema = z.object({
  academic: z.boolean(),
  institution: z.string().nullable(),
});
export type InstitutionLookup = z.infer<typeof institutionLookupSchema>;

export const PERSONAL_EMAIL_MESSAGE =
  'Please use your work or university email address. Personal emails (Gmail, Yahoo, etc.) are not allowed.';
export const INSTITUTIONAL_EMAIL_MESSAGE = 'Valid institutional email';
