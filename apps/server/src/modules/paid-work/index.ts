// The paid-work kernel's contract (ADR 0050): what a paid feature builds on.
export { definePaidWork, paidWorkExpirySeconds, paidWorkProvider, PaidWorkError } from './paid-work.ts';
/** Each paid feature's wait estimate, from its own completed work (ADR 0050). */
export {
  expectedCompletion,
  expectedDurationMs,
  typicalDurationMs,
  type TimedWork,
} from './durations.repository.ts';
