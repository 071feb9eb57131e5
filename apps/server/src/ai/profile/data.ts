import fs from 'node:fs';
import { z } from 'zod';
import {
  type ProgramCriteriaFile,
  programCriteriaFileSchema,
} from '@grantleaf/shared/program-criteria.schema';
import {
  type ProgramSectionsFile,
  programSectionsFileSchema,
  type SectionLimit,
} from '@grantleaf/shared/program-sections.schema';

/**
 * The data files a program profile is built from, parsed once: the funders' application shapes
 * (program-sections.json) and review criteria with their required elements (program-criteria.json).
 */

const read = (name: string): unknown =>
  JSON.parse(fs.readFileSync(new URL(`../../../data/${name}`, import.meta.url), 'utf8'));

let sections: ProgramSectionsFile | undefined;

export function loadProgramSections(): ProgramSectionsFile {
  sections ??= programSectionsFileSchema.parse(read('program-sections.json'));
  return sections;
}

export const PROGRAM_CRITERIA: ProgramCriteriaFile = programCriteriaFileSchema.parse(
  read('program-criteria.json'),
);

const fundersFileSchema = z.object({
  funders: z.array(
    z.object({
      /** As applicants name the funder ("NIH", not its parent department "HHS"). */
      name: z.string().min(2),
      /** The catalogue's `agency` texts it stands for, matched exactly. */
      agencies: z.array(z.string().min(2)).min(1),
      source: z.string().url(),
      read: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      verified: z.boolean(),
      note: z.string().optional(),
    }),
  ),
});

let funders: Map<string, string> | undefined;

/** The funder's short name by the catalogue's agency text (funders.json), or undefined. */
export function funderByAgency(agency: string): string | undefined {
  funders ??= new Map(
    fundersFileSchema
      .parse(read('funders.json'))
      .funders.flatMap((f) => f.agencies.map((a) => [a, f.name] as const)),
  );
  return funders.get(agency.trim());
}

/** "15 pages", "4,600 characters", "350 words"; with "(recommended)" when it is the funder's advice. */
export function limitText(limit: SectionLimit): string {
  const unit = limit.max === 1 ? limit.unit.replace(/s$/, '') : limit.unit;
  return `${limit.max.toLocaleString('en-US')} ${unit}${limit.kind === 'recommended' ? ' (recommended)' : ''}`;
}
