import fs from 'node:fs';
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

/** "15 pages", "4,600 characters", "350 words"; with "(recommended)" when it is the funder's advice. */
export function limitText(limit: SectionLimit): string {
  const unit = limit.max === 1 ? limit.unit.replace(/s$/, '') : limit.unit;
  return `${limit.max.toLocaleString('en-US')} ${unit}${limit.kind === 'recommended' ? ' (recommended)' : ''}`;
}
