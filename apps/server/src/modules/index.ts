import type { AppModule, ExportSection, Schedule } from './contract.ts';
import type { JobDefinition } from '../jobs/job.ts';
import { accountModule } from './account/index.ts';
import { affiliateModule } from './affiliate/index.ts';
import { alertsModule } from './alerts/index.ts';
import { applicationsModule } from './applications/index.ts';
import { auditModule } from './audit/index.ts';
import { authModule } from './auth/index.ts';
import { contentLibraryModule } from './content-library/index.ts';
import { creditsModule } from './credits/index.ts';
import { fundingModule } from './funding/index.ts';
import { guidelinesModule } from './guidelines/index.ts';
import { healthModule } from './health/index.ts';
import { ideasModule } from './ideas/index.ts';
import { institutionsModule } from './institutions/index.ts';
import { leadsModule } from './leads/index.ts';
import { marketingModule } from './marketing/index.ts';
import { paymentsModule } from './payments/index.ts';
import { programsModule } from './programs/index.ts';
import { retentionModule } from './retention/index.ts';
import { submissionsModule } from './submissions/index.ts';
import { uploadsModule } from './uploads/index.ts';
import { webhooksModule } from './webhooks/index.ts';

/** Every feature, in route-registration order (docs/decisions/0053-module-contract.md). */
export const MODULES: readonly AppModule[] = [
  healthModule,
  authModule,
  creditsModule,
  programsModule,
  fundingModule,
  leadsModule,
  institutionsModule,
  ideasModule,
  marketingModule,
  affiliateModule,
  paymentsModule,
  applicationsModule,
  uploadsModule,
  submissionsModule,
  guidelinesModule,
  contentLibraryModule,
  alertsModule,
  accountModule,
  auditModule,
  retentionModule,
  webhooksModule,
];

export const MODULE_JOBS: readonly JobDefinition[] = MODULES.flatMap((m) => m.jobs ?? []);
export const MODULE_SCHEDULES: readonly Schedule[] = MODULES.flatMap((m) => m.schedules ?? []);
export const EXPORT_SECTIONS: readonly ExportSection[] = MODULES.flatMap((m) => m.exportSections ?? []);
