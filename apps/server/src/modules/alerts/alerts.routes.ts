import {
  ALERT_KIND_LABELS,
  alertPreferencesSchema,
  alertsOverviewSchema,
  createSavedSearchSchema,
  programFollowSchema,
  programIdSchema,
  renameSavedSearchSchema,
  savedSearchSchema,
  unsubscribeQuerySchema,
  type AlertKind,
} from '@grantleaf/shared/alerts.schema';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../http/auth-guard.ts';
import type { AlertsService } from './alerts.service.ts';

const idParams = z.object({ id: z.uuid() });
const programParams = z.object({ programId: programIdSchema });

/** A page that works without the app or a session (the link is opened from a mail client). */
function page(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header('Referrer-Policy', 'no-referrer')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} · Grantleaf</title></head><body><main><h1>${title}</h1>${body}<p><a href="/alerts">Manage your e-mail alerts</a></p></main></body></html>`,
    );
}

const what = (kind: AlertKind) => ALERT_KIND_LABELS[kind].toLowerCase();

export const alertsRoutes: FastifyPluginAsyncZod<{ alerts: AlertsService }> = async (app, { alerts }) => {
  const auth = { config: { auth: true } } as const;

  app.get('/api/alerts', { ...auth, schema: { response: { 200: alertsOverviewSchema } } }, (request) =>
    alerts.overview(currentUser(request)),
  );

  app.post(
    '/api/saved-searches',
    { ...auth, schema: { body: createSavedSearchSchema, response: { 201: savedSearchSchema } } },
    async (request, reply) =>
      reply.code(201).send(await alerts.createSearch(currentUser(request).id, request.body)),
  );

  app.patch(
    '/api/saved-searches/:id',
    {
      ...auth,
      schema: { params: idParams, body: renameSavedSearchSchema, response: { 200: savedSearchSchema } },
    },
    (request) => alerts.renameSearch(currentUser(request).id, request.params.id, request.body.name),
  );

  app.delete('/api/saved-searches/:id', { ...auth, schema: { params: idParams } }, async (request, reply) => {
    await alerts.deleteSearch(currentUser(request).id, request.params.id);
    return reply.code(204).send();
  });

  app.put(
    '/api/program-follows/:programId',
    { ...auth, schema: { params: programParams, response: { 200: z.array(programFollowSchema) } } },
    (request) => alerts.follow(currentUser(request).id, request.params.programId),
  );

  app.delete(
    '/api/program-follows/:programId',
    { ...auth, schema: { params: programParams } },
    async (request, reply) => {
      await alerts.unfollow(currentUser(request).id, request.params.programId);
      return reply.code(204).send();
    },
  );

  app.put(
    '/api/alerts/preferences',
    { ...auth, schema: { body: alertPreferencesSchema, response: { 200: alertPreferencesSchema } } },
    (request) => alerts.setPreferences(currentUser(request).id, request.body),
  );

  // The opt-out link of every alert e-mail; the token is the credential, no sign-in. Opening it
  // only shows a button (mail scanners open links); the button, or a mail client's one-click
  // List-Unsubscribe POST (RFC 8058), turns the e-mails off.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) =>
    done(null, {}),
  );

  app.get(
    '/api/alerts/unsubscribe',
    { schema: { querystring: unsubscribeQuerySchema, hide: true } },
    async (request, reply) => {
      const kind = await alerts.linkKind(request.query.token);
      if (!kind) return page(reply, 404, 'Link not valid', '<p>This opt-out link is not valid.</p>');
      const action = `/api/alerts/unsubscribe?token=${encodeURIComponent(request.query.token)}`;
      return page(
        reply,
        200,
        'Stop these e-mails?',
        `<p>You will no longer receive the ${what(kind)}.</p><form method="post" action="${action}"><button type="submit">Stop these e-mails</button></form>`,
      );
    },
  );

  app.post(
    '/api/alerts/unsubscribe',
    { schema: { querystring: unsubscribeQuerySchema, hide: true } },
    async (request, reply) => {
      const kind = await alerts.unsubscribe(request.query.token);
      if (!kind) return page(reply, 404, 'Link not valid', '<p>This opt-out link is not valid.</p>');
      return page(
        reply,
        200,
        'E-mails stopped',
        `<p>You will no longer receive the ${what(kind)}. You can turn them back on from your alerts page.</p>`,
      );
    },
  );
};
