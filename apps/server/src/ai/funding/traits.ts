import { perProgram } from './per-program.ts';
import type { RankableProgram, Audience } from './types.ts';
import { hits, SECTORS, SPECIFIC, type Sector } from './vocabulary.ts';

/** What a program is for and whom it serves, read once from its record and rules (issue 14 §3). */

export interface Traits {
  countries: Set<'CA' | 'US'>;
  region: string | null;
  /** Who applies, in the order the eligibility text names them. */
  applicant: Audience | null;
  audience: Set<Audience>;
  sectors: Set<Sector>;
  /** Of `sectors`, the narrower ones (SPECIFIC: defence, space, …), in the same order. */
  specific: Sector[];
  excluded: Set<Sector>;
  smallBusiness: boolean;
  earlyCareer: boolean;
  needsPhaseOne: boolean;
  needsPartner: boolean;
  export: boolean;
  taxCredit: boolean;
  studentsOnly: boolean;
  startupFinance: boolean;
  /** Funds growth (scale-up, productivity, hiring) rather than R&D. */
  scaleUp: boolean;
  /** What a single-purpose program funds, as words a request asking for it would use. */
  purpose: RegExp | null;
  /** Someone else (a department, an institution) must nominate the applicant. */
  nominated: boolean;
  /** A program for research in its initial stages: the words of a request that is (ADR 0930). */
  initialStage: RegExp | null;
}

function firstIndex(text: string, re: RegExp): number {
  re.lastIndex = 0;
  const m = new RegExp(re.source, 'i').exec(text);
  return m ? m.index : -1;
}

// Single-purpose programs, known by their names, and the words of a request that asks for that purpose.
const PURPOSES: Array<[RegExp, RegExp]> = [
  [/\b(training|create)\b/i, /\b(training|trainees|students|curriculum)\b/i],
  [
    /\b(tools|instrument\w*|infrastructure|knowledge development fund|innovation fund)\b/i,
    /\b(equipment|instrument\w*|infrastructure|facilit(y|ies)|microscope|spectrometer)\b/i,
  ],
  [
    /\b(connection|dissemination|planning)\b/i,
    // A colloquium, a roundtable or a summer institute is an event as a conference is (ADR 1161: a journalism
    // roundtable and a labour-history colloquium, both SSHRC Connection Grants, counted as not asking for one).
    /\b(conferences?|workshops?|symposi(um|a)|event|outreach|knowledge mobili[sz]ation|colloqui(um|a)|round ?tables?|summer institutes?|summer schools?)\b/i,
  ],
  [
    /\b(idea to innovation|i2i|i-corps|partnerships for innovation|commerciali[sz]ation)\b/i,
    /\b(commerciali[sz]\w*|licens\w*|spin-?off|start-?up|market|prototype)\b/i,
  ],
  [/\b(catalyst grants|chairs)\b/i, /\b(catalyst|chair|nominat\w*)\b/i],
  // A wage subsidy for new hires ("Innovator Skills Initiative") suits a request that hires.
  [
    /\b(skills initiative|wage subsid\w*|hiring)\b/i,
    /\b(hir(e|es|ed|ing)|recruit\w*|new (employees?|staff|positions?)|interns?|internships?|wages?|salar(y|ies))\b/i,
  ],
  [
    /\bCISE\b/,
    /\b(comput\w*|software|algorithm\w*|network\w*|machine learning|artificial intelligence|cyber\w*|wireless)\b/i,
  ],
];

// SSHRC: Insight Development Grants "support research in its initial stages … new research questions
// … experimentation with new methods … case studies, pilot initiatives, critical analyses of existing
// research"; long-term research goes to Insight Grants (SSHRC's IDG page, read 2026-11-28, ADR 0930).
const INITIAL_STAGE: Array<[RegExp, RegExp]> = [
  [
    /\binsight development\b/i,
    /\b(initial stages?|early stages?|new research (project|questions?|directions?|approach\w*)|start of a new|first (sshrc )?grant|set up future research|pilot\w*|case stud(y|ies)|critical analys[ie]s|exploratory|new methods?|emerging scholars?)\b/i,
  ],
];

const ACADEMIC_TYPES = new Set<string>([
  'faculty',
  'postdoc',
  'graduate-student',
  'undergraduate',
  'college',
]);

const APPLICANT_ACADEMIC =
  /\b(faculty|universit\w*|postsecondary|researchers?|investigators?|scholars|principal applicant|pi with|institutions? of higher|academic appointment|college|doctorate|nominated|students)\b/;
const APPLICANT_COMPANY =
  /\b(sme|small business\w*|for-profit|corporations?|businesses|compan(y|ies)|startups?|ventures|owners|receptor|teams of >=2 organizations)\b/;

/** A program's traits, read once per program object (per-program.ts). */
export const programTraits = perProgram(function readTraits(p: RankableProgram): Traits {
  const eligibility = (p.eligibility ?? '').toLowerCase();
  const all = `${p.name}\n${p.agency}\n${eligibility}\n${p.description ?? ''}`.toLowerCase();
  const head = `${p.name}\n${p.agency}\n${eligibility}`.toLowerCase();
  const jurisdiction = p.jurisdiction.toLowerCase();

  const rules = p.eligibilityRules;
  const countries = new Set<'CA' | 'US'>();
  if (rules) {
    for (const c of rules.countries) countries.add(c);
  } else if (jurisdiction.includes('global') || jurisdiction.includes('international')) {
    countries.add('CA').add('US');
  } else {
    countries.add(p.country as 'CA' | 'US');
    if (jurisdiction.includes('canada') && jurisdiction.includes('united states'))
      countries.add('CA').add('US');
  }

  const a = firstIndex(eligibility, APPLICANT_ACADEMIC);
  const c = firstIndex(eligibility, APPLICANT_COMPANY);
  let applicant: Audience | null =
    a < 0 && c < 0 ? null : a < 0 ? 'company' : c < 0 ? 'academic' : a <= c ? 'academic' : 'company';
  if (p.programType === 'tax-credit' || p.programType === 'loan') applicant = 'company';
  const audience = new Set<Audience>();
  if (rules) {
    const academic = rules.applicantTypes.some((t) => ACADEMIC_TYPES.has(t));
    const company = rules.applicantTypes.some((t) => t === 'small-business' || t === 'company');
    applicant = academic && !company ? 'academic' : company && !academic ? 'company' : applicant;
    if (academic) audience.add('academic');
    if (company || rules.partner?.kind === 'industry') audience.add('company');
  } else {
    if (applicant) audience.add(applicant);
    if (/\b(partner|industry|company|companies|for-profit|receptor)\b/.test(eligibility))
      audience.add('company');
    if (/\b(universit\w*|academic|research institution|postsecondary|college)\b/.test(eligibility))
      audience.add('academic');
  }

  const sectors = new Set<Sector>();
  const excluded = new Set<Sector>();
  const title = `${p.name}\n${p.agency}`.toLowerCase();
  for (const [name, re] of Object.entries(SECTORS) as Array<[Sector, RegExp]>) {
    // The name and agency say what a program is for; the eligibility text only when it insists
    // (two different words); notes mention things in passing.
    if (hits(title, re).length > 0 || new Set(hits(eligibility, re)).size >= 2) sectors.add(name);
  }
  const notHealth = rules
    ? rules.excludedFields.includes('health')
    : /\(not health\)|not health|excluding health/.test(all);
  if (notHealth) {
    sectors.delete('health');
    excluded.add('health');
  }
  // NSF and NSERC fund the natural sciences and engineering broadly; a topic word is not a limit.
  if (/\b(nserc|nsf|national science foundation|natural sciences)\b/.test(head)) sectors.add('natural');

  const traits: Traits = {
    countries,
    region: p.region.startsWith('CA-') ? p.region : null,
    applicant,
    audience,
    sectors,
    specific: [...sectors].filter((s) => SPECIFIC.includes(s)),
    excluded,
    smallBusiness: rules
      ? rules.applicantTypes.includes('small-business') && !rules.applicantTypes.includes('company')
      : /\b(sme|small business\w*|<=\s*500|500 employees|500 fte|small and medium)\b/.test(all),
    earlyCareer: rules
      ? rules.careerStages.includes('early-career')
      : /\b(early[- ]career|untenured|beginning independent|emerging scholars?|early-career|assistant professor)\b/.test(
          eligibility + p.name.toLowerCase(),
        ),
    needsPhaseOne:
      /\bphase (ii|2)\b/.test(p.name.toLowerCase()) &&
      /\bphase i awardees\b|\bphase i awardees?\b|phase i awardees|phase i\b.*awardees/.test(eligibility),
    needsPartner: rules
      ? Boolean(rules.partner?.required)
      : /\b(partner organi[sz]ation|partners?\b.*(required|must|need)|with (a |an )?(for-profit )?industry partner|receptor|partnered research|formal partnership|partner institution)/.test(
          eligibility,
        ),
    export: /\b(export|international markets)\b/.test(all),
    taxCredit: p.programType === 'tax-credit',
    studentsOnly: /^students\b/.test(eligibility),
    startupFinance:
      p.programType === 'loan' || p.programType === 'equity-investment' || p.programType === 'accelerator',
    // ACOA's BDP: "setting up, expanding or modernizing … capital costs such as buildings, machinery".
    scaleUp:
      /\b(scal(e|ing)[- ]up|productivity|expansion|expanding|moderni[sz]\w*|capital costs|wage support|hiring)\b/.test(
        head,
      ),
    purpose: PURPOSES.find(([name]) => name.test(p.name))?.[1] ?? null,
    nominated: /^nominated \(?by\b/.test(eligibility),
    initialStage: INITIAL_STAGE.find(([name]) => name.test(p.name))?.[1] ?? null,
  };
  return traits;
});
