/**
 * Spec §5: the part of the e-mail domain before its first dot must not be a personal or free
 * mail provider. One list, used by the register form while typing and by the server.
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

/** The domain label the rule looks at: "alice@mail.utoronto.ca" → "mail". */
export function domainLabel(email: string): string | null {
  const at = email.lastIndexOf('@');
  if (at < 0) return null;
  const domain = email
    .slice(at + 1)
    .trim()
    .toLowerCase();
  const label = domain.split('.')[0];
  return label ? label : null;
}

export function checkEmailDomain(email: string): EmailDomainCheck {
  const label = domainLabel(email);
  if (label === null) return 'incomplete';
  return PERSONAL_EMAIL_PROVIDERS.has(label) ? 'personal' : 'institutional';
}

export function isInstitutionalEmail(email: string): boolean {
  return checkEmailDomain(email) === 'institutional';
}

export const PERSONAL_EMAIL_MESSAGE =
  'Please use your work or university email address. Personal emails (Gmail, Yahoo, etc.) are not allowed.';
export const INSTITUTIONAL_EMAIL_MESSAGE = 'Valid institutional email';
