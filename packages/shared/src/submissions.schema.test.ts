import { describe, expect, it } from 'vitest';
import {
  analysisFormSchema,
  budgetAmountValue,
  canRemoveMilestone,
  checkUploadFile,
  createSubmissionSchema,
  generationFormSchema,
  milestoneDurationDays,
  newMilestone,
  SUBMISSION_MESSAGES,
  totalMilestoneBudget,
} from './submissions.schema.ts';

const form = {
  programId: 'ca-nserc-alliance',
  projectTitle: 'Low-cost sensors for river ice monitoring',
  projectOverview: 'We build sensors.',
  keyObjectives: 'Deploy 40 sensors.',
  totalBudget: '$120,000',
  projectTimeline: '24 months',
  timelineMilestones: [newMilestone(1)],
  teamLeadName: 'Dr. Ada Lee',
  teamLeadRole: 'Principal Investigator',
  teamProfiles: 'Two hydrologists.',
};
const messages = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  r.success ? [] : r.error!.issues.map((i) => i.message);

describe('generation form', () => {
  it('accepts a complete form and drops untouched blank milestones', () => {
    const parsed = generationFormSchema.parse({
      ...form,
      timelineMilestones: [newMilestone(1), { ...newMilestone(2), title: '' }],
    });
    expect(parsed.timelineMilestones).toEqual([]);
    expect(parsed.industryPartner).toBe('');
  });
  it.each([
    'projectTitle',
    'projectOverview',
    'keyObjectives',
    'totalBudget',
    'projectTimeline',
    'teamLeadName',
    'teamLeadRole',
    'teamProfiles',
    'programId',
  ])('requires %s', (field) => {
    expect(messages(generationFormSchema.safeParse({ ...form, [field]: '  ' }))).toContain(
      SUBMISSION_MESSAGES.required,
    );
  });
  it('refuses a half-filled milestone with the spec message', () => {
    const r = generationFormSchema.safeParse({
      ...form,
      timelineMilestones: [{ ...newMilestone(1), description: 'x' }],
    });
    expect(
      messages(
        generationFormSchema.safeParse({
          ...form,
          timelineMilestones: [
            {
              ...newMilestone(1),
              title: '',
              description: 'x',
              startDate: '2026-01-01',
              endDate: '2026-02-01',
              budgetAmount: '1',
            },
          ],
        }),
      ),
    ).toHaveLength(1);
    expect(messages(r)).toEqual([
      'Please complete all milestone fields (title, description, dates, budget) or remove incomplete milestones',
    ]);
    const full = {
      ...newMilestone(1),
      description: 'x',
      startDate: '2026-01-01',
      endDate: '2026-03-01',
      budgetAmount: '$5',
    };
    expect(generationFormSchema.safeParse({ ...form, timelineMilestones: [full] }).success).toBe(true);
  });
  it('limits the title to 15 words and 200 characters', () => {
    const sixteen = Array.from({ length: 16 }, (_, i) => `w${i}`).join(' ');
    expect(messages(generationFormSchema.safeParse({ ...form, projectTitle: sixteen }))).toContain(
      'Project title must be 15 words or less',
    );
    const fifteen = Array.from({ length: 15 }, (_, i) => `w${i}`).join(' ');
    expect(generationFormSchema.safeParse({ ...form, projectTitle: fifteen }).success).toBe(true);
    expect(generationFormSchema.safeParse({ ...form, projectTitle: 'x'.repeat(201) }).success).toBe(false);
  });
  it('accepts only our own file URLs', () => {
    expect(
      generationFormSchema.safeParse({ ...form, fileUrl: 'http://169.254.169.254/latest' }).success,
    ).toBe(false);
    expect(
      generationFormSchema.safeParse({ ...form, fileUrl: '/api/files/1b4e28ba-2fa1-11d2-883f-0016d3cca427' })
        .success,
    ).toBe(true);
  });
});

describe('analysis form', () => {
  it('needs a program, content in text mode and a file in file mode', () => {
    expect(messages(analysisFormSchema.safeParse({ programId: '', content: 'x' }))).toContain(
      'Please select a grant program',
    );
    expect(
      messages(analysisFormSchema.safeParse({ programId: 'p', inputMethod: 'text', content: '   ' })),
    ).toEqual(['Please provide grant content to analyze']);
    expect(messages(analysisFormSchema.safeParse({ programId: 'p', inputMethod: 'file' }))).toEqual([
      'Please upload a file to analyze',
    ]);
    expect(
      analysisFormSchema.safeParse({
        programId: 'p',
        inputMethod: 'file',
        fileUrl: '/api/files/1b4e28ba-2fa1-11d2-883f-0016d3cca427',
      }).success,
    ).toBe(true);
  });
  it('is chosen by type in the submission body', () => {
    expect(
      createSubmissionSchema.safeParse({
        type: 'analysis',
        programId: 'p',
        contentJson: { programId: 'p', content: 'text' },
      }).success,
    ).toBe(true);
    expect(
      createSubmissionSchema.safeParse({ type: 'funding', programId: 'p', contentJson: {} }).success,
    ).toBe(false);
  });
  it('takes programId at the top level; the form may leave it out, and when both carry one they agree', () => {
    const { programId, ...withoutProgram } = form;
    const bare = createSubmissionSchema.safeParse({
      type: 'generation',
      programId,
      contentJson: withoutProgram,
    });
    expect(bare.success).toBe(true);
    expect(
      createSubmissionSchema.safeParse({ type: 'generation', programId, contentJson: form }).success,
    ).toBe(true);
    expect(
      messages(
        createSubmissionSchema.safeParse({
          type: 'generation',
          programId: 'other-program',
          contentJson: form,
        }),
      ),
    ).toEqual([SUBMISSION_MESSAGES.programMismatch]);
    expect(
      messages(
        createSubmissionSchema.safeParse({
          type: 'analysis',
          programId: 'p',
          contentJson: { programId: 'q', content: 'text' },
        }),
      ),
    ).toEqual([SUBMISSION_MESSAGES.programMismatch]);
    // The form's own rules still apply inside contentJson.
    expect(
      messages(
        createSubmissionSchema.safeParse({
          type: 'generation',
          programId,
          contentJson: { ...withoutProgram, projectTitle: ' ' },
        }),
      ),
    ).toContain(SUBMISSION_MESSAGES.required);
  });
});

describe('upload rules', () => {
  it('checks type then size', () => {
    expect(checkUploadFile({ name: 'a.pdf', size: 10 * 1024 * 1024 })).toBeNull();
    expect(checkUploadFile({ name: 'a.PDF', size: 10 * 1024 * 1024 + 1 })).toBe(
      'Please select a file smaller than 10MB',
    );
    expect(checkUploadFile({ name: 'a.html', size: 5 })).toBe(
      'Please upload a PDF, Word document, or text file',
    );
    expect(checkUploadFile({ name: 'docx', size: 5 })).toBe(
      'Please upload a PDF, Word document, or text file',
    );
    for (const n of ['a.doc', 'a.docx', 'a.txt']) expect(checkUploadFile({ name: n, size: 1 })).toBeNull();
  });
});

describe('milestone editor rules', () => {
  it('names the first and added milestones', () => {
    expect(newMilestone(1).title).toBe('Phase 1: Research & Planning');
    expect(newMilestone(3).title).toBe('Phase 3');
    expect(canRemoveMilestone(1)).toBe(false);
    expect(canRemoveMilestone(2)).toBe(true);
  });
  it('computes durations and budget totals', () => {
    expect(milestoneDurationDays('2026-01-01', '2026-03-01')).toBe(59);
    expect(milestoneDurationDays('2026-01-01', '')).toBeNull();
    expect(budgetAmountValue('$40,000 CAD')).toBe(40000);
    expect(budgetAmountValue('tbd')).toBe(0);
    expect(
      totalMilestoneBudget([{ budgetAmount: '$40,000' }, { budgetAmount: '12500.50' }, { budgetAmount: '' }]),
    ).toBe(52500.5);
  });
});
