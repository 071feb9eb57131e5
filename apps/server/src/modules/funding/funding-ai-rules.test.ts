import { describe, expect, it } from 'vitest';
import type { AiProvider } from '../../ai/provider.ts';
import { rerankWithAi } from './funding-ai.ts';
import { readSeedPrograms, SEED_FILE } from '../programs/program-seed.ts';
import { matchPrograms, rankableFromRow } from '../../ai/funding/index.ts';

const TODAY = new Date(2026, 10, 22);
const catalogue = readSeedPrograms(SEED_FILE, TODAY).map((row) => rankableFromRow(row, TODAY));

// The model only reorders and words what the rules kept (issue 14 §3).
describe('model re-ranking after the rules', () => {
  it('never brings back a program the rules excluded', async () => {
    const query = {
      researchTopic: 'Uncooled infrared sensor for drone detection',
      researchDetails: 'A low-SWaP infrared sensor array to detect small drones for Army base protection.',
      teamProfile: 'Dayton, Ohio small business with 25 employees, US-owned.',
    };
    const { eligible, ineligible } = matchPrograms(query, catalogue, TODAY);
    const excluded = ineligible.find((i) => i.program.id === 'ca-nrc-irap');
    expect(excluded?.reasons[0]).toMatch(/Canada; you are in the United States/);
    const kept = eligible[1]!.program.id;
    // A provider answering as a model would: it names a program the rules set aside first.
    const provider: AiProvider = {
      name: 'scripted',
      async generateObject<T>(): Promise<T> {
        return {
          ranking: [
            { program_id: 'ca-nrc-irap', why_it_matched: 'IRAP funds exactly this kind of sensor company.' },
            { program_id: kept, why_it_matched: 'A model explanation for a program the rules kept.' },
          ],
        } as T;
      },
    };
    const reranked = await rerankWithAi(provider, query, eligible);
    expect(reranked.map((r) => r.program.id)).not.toContain('ca-nrc-irap');
    expect(reranked[0]).toMatchObject({
      program: { id: kept },
      reasons: ['A model explanation for a program the rules kept.'],
    });
    expect(reranked).toHaveLength(eligible.length);
  });
});
