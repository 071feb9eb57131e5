// The paid-work kernel's contract (ADR 0050): what a paid feature builds on.
export { definePaidWork, paidWorkProvider, PaidWorkError } from './paid-work.ts';
