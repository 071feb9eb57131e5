import type { AppModule, ExportSection, Schedule } from './contract.ts';
import type { JobDefinition } from '../jobs/job.ts';
import { accountModule } from './account/module.ts';
import { affiliateModule } from './affiliate/module.ts';
import { alertsModule } from './alerts/module.ts';
import { applicantProfileModule } from './applicant-profile/module.ts';
import { applicationsModule } from './applications/module.ts';
import { auditModule } from './audit/module.ts';
import { authModule } from './auth/module.ts';
import { contentLibraryModule } from './content-library/module.ts';
import { creditsModule } from './credits/module.ts';
import { fundingModule } from './funding/module.ts';
import { guidelinesModule } from './guidelines/module.ts';
import { healthModule } from './health/module.ts';
import { ideasModule } from './ideas/module.ts';
import { institutionsModule } from './institutions/module.ts';
import { leadsModule } from './leads/module.ts';
import { marketingModule } from './marketing/module.ts';
import { organisationsModule } from './organisations/module.ts';
import { paymentsModule } from './payments/module.ts';
import { programsModule } from './programs/module.ts';
import { retentionModule } from './retention/module.ts';
import { sredModule } from './sred/module.ts';
import { reviewsModule } from './reviews/module.ts';
import { submissionsModule } from './submissions/module.ts';
import { uploadsModule } from './uploads/module.ts';
import { webhooksModule } from './webhooks/module.ts';

/** Every feature, in route-registration order (docs/decisions/0053-module-contract.md). */
export const MODULES: readonly AppModule[] = [
  healthModule,
  authModule,
  creditsModule,
  programsModule,
  applicantProfileModule,
  fundingModule,
  leadsModule,
  institutionsModule,
  ideasModule,
  marketingModule,
  affiliateModule,
  paymentsModule,
  applicationsModule,
  organisationsModule,
  uploadsModule,
  submissionsModule,
  guidelinesModule,
  contentLibraryModule,
  sredModule,
  reviewsModule,
  alertsModule,
  accountModule,
  auditModule,
  retentionModule,
  webhooksModule,
];

export const MODULE_JOBS: readonly JobDefinition[] = MODULES.flatMap((m) => m.jobs ?? []);
export const MODULE_SCHEDULES: readonly Schedule[] = MODULES.flatMap((m) => m.schedules ?? []);
export const EXPORT_SECTIONS: readonly ExportSection[] = MODULES.flatMap((m) => m.exportSections ?? []);
