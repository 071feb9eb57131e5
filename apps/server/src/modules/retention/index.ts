/** How long a deleted account stays restorable (the account module tells the user). */
export { DELETION_GRACE_DAYS } from './retention.service.ts';
