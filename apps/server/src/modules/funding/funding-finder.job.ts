import { fundingWork } from './funding.service.ts';

/** The funding finder's job, defined by the paid-work kernel from funding.service's spec. */
export const fundingFinderJob = fundingWork.job;
