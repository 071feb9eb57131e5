import {
  type ResponseSection,
  type ResubmissionFinding,
  type ResubmissionFindings,
  type ReviewPlan,
} from '@grantleaf/shared/reviews.schema';
import { profileOf } from '../../ai/profile/profile.ts';
import { responseSection, responseTarget, type ResponseRow } from '../../ai/reviews/response.ts';
import { WORDS_PER_PAGE } from '../../ai/text/limits.ts';
import type { Db } from '../../db/client.ts';
import { ownApplicationText, programExportLayout } from '../applications/index.ts';
import { findProgramById } from '../programs/index.ts';
import { renderDocx, type ExportBlock } from '../submissions/index.ts';

/** A finding quotes the critique's first words, enough to recognise it in the readiness list. */
const FINDING_QUOTE_WORDS = 20;

/**
 * What the plan answers with (issue 27 §3): the funder's response section as text and DOCX, its
 * input for the model-written section (ADR 1035) and the resubmission's readiness findings. Read
 * from the plan only, so the plan (reviews.service.ts) stays the one place that reads the versions.
 */
export function createReviewResponses(deps: {
  db: Db;
  plan: (userId: string, applicationId: string) => Promise<ReviewPlan>;
}) {
  const { db, plan } = deps;

  /** What the response section is made from: the program's target and the plan's rows (ADR 1035 too). */
  async function responseInput(userId: string, applicationId: string, known?: ReviewPlan) {
    const current = known ?? (await plan(userId, applicationId));
    const app = await ownApplicationText(db, userId, applicationId);
    const program = app.programId ? await findProgramById(db, app.programId) : undefined;
    const headers = new Map(current.sections.map((s) => [s.id, s.header]));
    // The earliest reviewed version the rows answer, to name in what is left out.
    const reviewedVersion = Math.min(
      ...current.imports.map((i) => i.reviewedVersion),
      current.currentVersion,
    );
    // The program profile (ADR 0241) says which section answers the reviews and its limit.
    const profile = program ? profileOf(program) : null;
    return {
      target: responseTarget(
        profile?.resubmission ?? null,
        profile?.wordsPerPage ?? WORDS_PER_PAGE,
        app.programId,
      ),
      reviewedVersion,
      rows: current.critiques.map((c): ResponseRow => ({
        ...c,
        sectionHeaders: c.sections.map((id) => headers.get(id)).filter((h): h is string => Boolean(h)),
      })),
    };
  }

  async function response(
    userId: string,
    applicationId: string,
    known?: ReviewPlan,
  ): Promise<ResponseSection> {
    return responseSection(await responseInput(userId, applicationId, known));
  }

  return {
    /** The funder's response section, from the plan's rows only (ai/reviews/response.ts). */
    response: (userId: string, applicationId: string) => response(userId, applicationId),

    /** Its target and rows, for the model-written section (model-responses.ts). */
    responseInput: (userId: string, applicationId: string) => responseInput(userId, applicationId),

    /**
     * The same text as a DOCX through the one export renderer (ADR 0412): its lines as paragraphs,
     * the reviewers' sources as headings, and the count against the limit as a note. What is left
     * unanswered or out is not in the file: it is not part of the response. The page is the
     * program's, as the application's export uses (ADR 0750 amends ADR 0412's default page).
     */
    async responseDocx(userId: string, applicationId: string): Promise<Buffer> {
      const section = await response(userId, applicationId);
      const app = await ownApplicationText(db, userId, applicationId);
      const [, ...lines] = section.text.split('\n');
      const blocks: ExportBlock[] = [{ kind: 'h1', text: section.heading }];
      let afterBlank = false;
      for (const line of lines) {
        if (!line.trim()) {
          afterBlank = true;
          continue;
        }
        // A line after a blank one that is not a critique or a response names the reviewer.
        const head = afterBlank && !/^(Critique|Response|Not changed|Changed in):/.test(line);
        blocks.push({ kind: head ? 'h2' : 'p', text: line });
        afterBlank = false;
      }
      blocks.push({
        kind: 'note',
        text: section.limit
          ? `${section.words} words; limit ${section.limit.text} (about ${section.limit.words} words).`
          : `${section.words} words; no limit is known for this program.`,
      });
      // On the funder's page (NIH: 0.5-inch margins, Arial 11 pt), as the application's own export.
      return renderDocx(blocks, await programExportLayout(db, app.programId));
    },

    /**
     * The resubmission's part of the application's readiness (issue 27 §3; ADR 0411): weaknesses
     * with no response, rows marked done that the versions do not show, and the response section
     * over its limit. Read from the saved versions, like the plan's own checks.
     */
    async findings(userId: string, applicationId: string): Promise<ResubmissionFindings> {
      const current = await plan(userId, applicationId);
      if (current.imports.length === 0) return { resubmission: false, findings: [] };
      const findings: ResubmissionFinding[] = [];
      const quoted = (q: string) => {
        const words = q.split(/\s+/);
        return words.length <= FINDING_QUOTE_WORDS ? q : `${words.slice(0, FINDING_QUOTE_WORDS).join(' ')} …`;
      };
      for (const c of current.critiques) {
        if (c.kind !== 'weakness') continue;
        const shown = c.sections.length > 0 && c.changed !== null && c.changed.added + c.changed.removed > 0;
        if (c.status === 'planned' && !shown)
          findings.push({
            kind: 'unanswered',
            message: `No response to ${c.source} (${c.criterion}): “${quoted(c.quote)}”`,
            sectionId: c.sections[0] ?? null,
            critiqueId: c.id,
          });
        else if (c.status === 'done' && c.problems.length > 0)
          findings.push({
            kind: 'unverified',
            message: `${c.source} (${c.criterion}) is marked done, but the change is not shown: ${c.problems.join(' ')}`,
            sectionId: c.sections[0] ?? null,
            critiqueId: c.id,
          });
      }
      const section = await response(userId, applicationId, current);
      if (section.overLimit && section.limit)
        findings.push({
          kind: 'overLimit',
          message: `${section.heading} is over its limit: ${section.words} words, ${section.limit.text} is about ${section.limit.words} words.`,
          sectionId: null,
          critiqueId: null,
        });
      return { resubmission: true, findings };
    },
  };
}
