import { daysUntil, intakeText, upcomingDeadlines } from '@grantleaf/shared/deadline';
import type { ApplicantProfile, EligibilityRules } from '@grantleaf/shared/eligibility';
import { SUBDIVISION_BY_CODE } from '@grantleaf/shared/locations';
import { deadlineText, fitSentence } from './explain.ts';
import { programTraits, type Traits } from './traits.ts';
import type { Audience, Profile, RankableProgram, RankedProgram } from './types.ts';
import { SECTOR_WORDS, SPECIFIC } from './vocabulary.ts';
import { weight as W } from './weights.ts';

// The fit of one eligible program: every weight comes from the named table (weights.ts).

/** Where the applicant is (the rules already set aside other countries and provinces). */
function placeFit(
  t: Traits,
  rules: EligibilityRules | null | undefined,
  profile: Profile,
  who: ApplicantProfile,
  reasons: string[] | null,
): number {
  let score = 0;
  if (profile.countries.size > 0) {
    const shared = [...profile.countries].filter((c) => t.countries.has(c));
    if (shared.length === 0) score += W('countryOther');
    else {
      score += W('countryShared');
      if (t.region || (rules && rules.regions.length > 0)) {
        const regions = rules?.regions.length ? rules.regions : [t.region!];
        const mine = regions.find((r) => profile.regions.has(r) || who.regions.includes(r));
        if (mine) {
          score += W('regionMine');
          const name = SUBDIVISION_BY_CODE.get(mine)?.name ?? mine;
          reasons?.push(
            `It is ${/^[AEIOU]/.test(name) ? 'an' : 'a'} ${name} program, and you are in ${name}.`,
          );
        } else score += W('regionOther');
      }
    }
  } else if (t.region || (rules && rules.regions.length > 0)) {
    // Nothing says where the applicant is: a program for one province, state or territory is
    // unlikely to be theirs, as when the country is known and the region is not (above).
    score += W('regionOther');
  }
  return score;
}

// Fewer days than this to the next deadline leave too little time to prepare an application.
const PREPARATION_DAYS = 21;
// A program whose next intake follows the one too soon to prepare for within this many days (a
// quarterly intake, as SSHRC Partnership Engage's every three months) loses nothing by it: the
// applicant prepares for the next one (ADR 1011).
const NEXT_INTAKE_DAYS = 100;

/** Whether another intake comes within NEXT_INTAKE_DAYS of a deadline too soon to prepare for. */
function anotherIntakeSoon(p: RankableProgram, soon: number, today: Date): boolean {
  if (!p.deadlineRule) return false;
  return upcomingDeadlines(p.deadlineRule, p.nextDeadlines ?? [], today, 2).some((d) => {
    const days = daysUntil(d.date, today);
    return days !== null && days >= PREPARATION_DAYS && days - soon <= NEXT_INTAKE_DAYS;
  });
}

const NONE: never[] = [];
const COMPANY: ReadonlySet<Audience> = new Set(['company']);
const ACADEMIC: ReadonlySet<Audience> = new Set(['academic']);

// Whether the request's text asks for a purpose (a program's words, not global: no lastIndex), read
// once per search for each of the few purposes rather than once per program of a large catalogue.
let askedOf: { text: string; asked: Map<RegExp, boolean> } = { text: '', asked: new Map() };
function asks(profile: Profile, re: RegExp): boolean {
  if (askedOf.text !== profile.text) askedOf = { text: profile.text, asked: new Map() };
  let asked = askedOf.asked.get(re);
  if (asked === undefined) {
    asked = re.test(profile.text);
    askedOf.asked.set(re, asked);
  }
  return asked;
}

export function scoreProgram(
  p: RankableProgram,
  profile: Profile,
  who: ApplicantProfile,
  relevance: number,
  matched: string[],
  today: Date,
  /**
   * false: the score alone, reasons left unworded (`reasons?.push(…)` does not even build the
   * sentence). A search of a large catalogue scores every program but shows a dozen (ADR 1135).
   */
  words = true,
): RankedProgram {
  const t = programTraits(p);
  const rules = p.eligibilityRules;
  const reasons: string[] | null = words ? [] : null;
  let score = W('relevance') * relevance;
  // Sector focus (defence, space, energy, …) beyond the broad field.
  const specific = t.specific;
  // Most programs of a large catalogue share no sector with the request: no array is made for them.
  const sharedSectors =
    t.sectors.size === 0 || profile.sectors.size === 0
      ? NONE
      : [...t.sectors].filter((s) => profile.sectors.has(s));
  const specificShared =
    sharedSectors.length === 0 ? NONE : sharedSectors.filter((s) => SPECIFIC.includes(s));
  // Off the program's focus: a narrower area (cancer, space) the request does not share, or a
  // kind of support (training, equipment, commercialization) it does not ask for.
  const offFocus =
    specific.some((s) => !profile.sectors.has(s)) || Boolean(t.purpose && !asks(profile, t.purpose));
  const fit = reasons && fitSentence(p, who, offFocus);
  if (fit) reasons?.push(fit);

  // A funder of the applicant's own country is the one a grants officer names first.
  if (who.country && p.country === who.country) score += W('homeFunder');

  // Field: the mandate names the applicant's field.
  if (rules && rules.fields.length > 0 && who.fields.length > 0) {
    // A mandate is decisive for researchers; for a company a sector program's fields only hint at fit.
    const factor = who.kind === 'company' ? W('companyFieldFactor') : 1;
    if (who.fields.some((f) => rules.fields.includes(f)))
      score += factor * (rules.fields.includes(who.fields[0]!) ? W('mainField') : W('otherField'));
    // A company outside a sector program's fields may apply but is poorly served by it.
    else score += W('companyOffField');
  }

  score += placeFit(t, rules, profile, who, reasons);

  // Who applies: as the rules read the applicant when they could, else from the request's words.
  const audience: ReadonlySet<Audience> =
    who.kind === null ? profile.audience : who.kind === 'company' ? COMPANY : ACADEMIC;
  const isAcademic = audience.has('academic');
  const isCompany = audience.has('company');
  if (t.applicant && audience.size > 0) {
    if (audience.has(t.applicant)) {
      score += W('applicantMatch');
      if (t.taxCredit) reasons?.push('It is a tax credit that companies claim on their own R&D spending.');
    } else if (t.audience.has(isAcademic ? 'academic' : 'company')) {
      score += W('applicantPartner');
      reasons?.push(
        isAcademic
          ? 'A university team takes part as the research partner of a company.'
          : 'Your company takes part as the partner of a university team.',
      );
    } else {
      score += W('applicantOther');
    }
  }
  if (t.studentsOnly && isCompany && !isAcademic) score += W('studentsOnlyCompany');

  // Company size.
  if (t.smallBusiness && t.applicant === 'company' && isCompany) {
    score += W('smallBusiness');
    const max = rules?.ownership?.maxEmployees;
    if (who.employees !== null && max) {
      reasons?.push(
        `It is for small businesses of up to ${max.toLocaleString('en-US')} employees; yours has ${who.employees.toLocaleString('en-US')}.`,
      );
    }
  }

  if (specificShared.length > 0) {
    // A narrower focus the request does not share (cancer, for a diabetes study) counts against.
    const narrower = specific.length - specificShared.length;
    score +=
      W('sectorShared') + W('sectorExtra') * (specificShared.length - 1) + W('sectorNarrower') * narrower;
    const s = specificShared[0]!;
    if (
      !(s === 'health' && rules?.fields.includes('health')) &&
      !(s === 'social' && rules?.fields.includes('social-sciences'))
    ) {
      reasons?.push(`It focuses on ${SECTOR_WORDS[s]}, the area of your project.`);
    }
  } else if (specific.length > 0 && profile.sectors.size > 0) {
    score += W('sectorOff');
  }
  if (sharedSectors.includes('natural') && specificShared.length === 0) score += W('naturalShared');

  // Career stage, prior awards, partners, export, tax.
  // A program for one kind of support (training, equipment, events, commercialization) suits a
  // request that asks for it; a research program is what a grants officer names otherwise.
  if (t.purpose && !asks(profile, t.purpose)) score += W('purposeUnasked');
  // A program the applicant cannot apply to alone comes after those they can (at -1, Sloan still
  // led NSERC Discovery for a Canadian plant biologist in eval/profiles).
  if (t.nominated) {
    score += W('nominated');
    reasons?.push('Applicants are nominated: your department or institution puts your name forward.');
  }
  // Research in its initial stages, or long-term research: SSHRC's Insight Development against Insight.
  if (t.initialStage)
    score += asks(profile, t.initialStage) ? W('initialStageAsked') : W('initialStageUnasked');
  if (t.earlyCareer) {
    if (profile.earlyCareer) {
      score += W('earlyCareerMatch');
      reasons?.push('It is for early-career faculty, and you are early in your career.');
    } else score += who.careerStage === null ? W('earlyCareerUnknown') : W('earlyCareerOther');
  }
  // A program whose record requires two disciplines suits a request that says it combines them
  // (NFRF Exploration against CIHR for "an interdisciplinary proposal" on radiotherapy, ADR 1034).
  if (rules?.requires?.interdisciplinary && who.stated?.interdisciplinary) {
    score += W('interdisciplinaryNamed');
    reasons?.push('It funds interdisciplinary projects, and yours combines disciplines.');
  }
  if (t.needsPhaseOne) {
    if (profile.hasPhaseOne) score += W('phaseOneHeld');
    else score += W('phaseOneMissing');
  }
  if (t.needsPartner) {
    if (profile.partner || who.hasPartner) {
      score += W('partnerHeld');
      reasons?.push('It requires a partner organization, and you already have one.');
    } else {
      score += W('partnerMissing');
      if (rules?.partner) reasons?.push(`It requires a partner: ${rules.partner.text.replace(/\.$/, '')}.`);
    }
  }
  if (t.export) score += profile.export ? W('exportAsked') : W('exportUnasked');
  // A tax credit repays spending already made; it funds no project the request describes.
  if (t.taxCredit && isCompany) score += profile.taxCredit ? W('taxCreditAsked') : W('taxCreditUnasked');
  if (t.startupFinance && !(isCompany && !isAcademic)) score += W('financeNotCompany');
  // A company developing a technology is better served by R&D funding than by loans or equity.
  if (isCompany && !isAcademic && profile.rnd && !profile.seeksFinance) {
    if (t.startupFinance) score += W('financeForRnd');
    else if (
      (p.programType === 'grant' || p.programType === 'contribution' || p.programType === 'contract') &&
      t.applicant === 'company' &&
      !t.scaleUp
    ) {
      score += W('rndGrantForCompany');
    }
  }

  // Size: a request far above what the program gives fits it poorly.
  const cap = p.fundingMax;
  if (who.budget !== null && cap)
    score +=
      who.budget > cap * W('budgetFarAboveTimes')
        ? W('budgetFarAbove')
        : who.budget <= cap
          ? W('budgetWithin')
          : 0;

  // Timing: enough time left to prepare.
  const days = daysUntil(p.deadline, today);
  if (days !== null && days >= 0) {
    if (days < PREPARATION_DAYS && !anotherIntakeSoon(p, days, today)) score += W('deadlineTooSoon');
    reasons?.push(
      `Next deadline: ${deadlineText(p)} (${days === 0 ? 'today' : `${days} day${days === 1 ? '' : 's'} from now`}).`,
    );
  } else if (!p.deadline) {
    reasons?.push(
      `${intakeText(p.deadlineRule) ?? 'Dates are set in each call'}: see the funder's page for timing.`,
    );
  }
  return { program: p, score, reasons: reasons ?? [], matchedTerms: matched };
}
