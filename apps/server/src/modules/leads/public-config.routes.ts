import { publicConfigSchema, type PublicConfig } from '@grantleaf/shared/leads.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Env } from '../../env.ts';

/** The operator's settings the public site shows; the web bundle carries none of them. */
export function toPublicConfig(env: Env): PublicConfig {
  return {
    promoVideoUrl: env.PROMO_VIDEO_URL ?? null,
    demoBookingUrl: env.DEMO_BOOKING_URL ?? null,
    privacyEmail: env.PRIVACY_EMAIL,
    contactEmail: env.CONTACT_EMAIL,
    siteUrl: (env.SITE_URL ?? env.APP_URL).replace(/\/$/, ''),
    aiModel: env.AI_PROVIDER !== 'offline',
  };
}

export const publicConfigRoutes: FastifyPluginAsyncZod<{ env: Env }> = async (app, { env }) => {
  const config = toPublicConfig(env);
  app.get('/api/public-config', { schema: { response: { 200: publicConfigSchema } } }, async () => config);
};
