import { ideaWork } from './ideas.service.ts';

/** Idea generation's job, defined by the paid-work kernel from ideas.service's spec. */
export const ideaGenerationJob = ideaWork.job;
