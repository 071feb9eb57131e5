import { sql } from 'drizzle-orm';
import type { AppModule } from '../contract.ts';
import { affiliateRoutes } from './affiliate.routes.ts';
import { createAffiliateService } from './affiliate.service.ts';

export const affiliateModule: AppModule = {
  name: 'affiliate',
  routes: (app, { runtime: { database, mailer, env } }) =>
    app.register(affiliateRoutes, { affiliate: createAffiliateService({ db: database.db, mailer, env }) }),
  exportSections: [
    { file: 'affiliate.json', table: 'affiliates', where: (id) => sql`user_id = ${id}` },
    {
      file: 'referrals.json',
      table: 'referrals',
      where: (id) => sql`affiliate_user_id = ${id} or referred_user_id = ${id}`,
    },
    {
      file: 'affiliate-commissions.json',
      table: 'affiliate_commissions',
      where: (id) => sql`affiliate_user_id = ${id}`,
    },
  ],
};
