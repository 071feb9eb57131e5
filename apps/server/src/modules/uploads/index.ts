/** Another module reads a user's own upload (its extracted text) only through here (ADR 53). */
export { findOwnUpload } from './uploads.repository.ts';
/** The account module, when a user deletes a file or the account. */
export { softDeleteUpload, softDeleteUploadsOf } from './uploads.repository.ts';
export { fileUrlFor } from './uploads.service.ts';
/** Downloads elsewhere name their file the same way (RFC 6266). */
export { attachmentHeader } from './uploads.service.ts';
