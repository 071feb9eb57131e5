import type { FastifyInstance } from 'fastify';

export interface RouteRef {
  method: string;
  path: string;
}

/**
 * Every route the running Fastify router serves, read back from `printRoutes` (the radix tree:
 * each line adds its segment to its parent's path, indented four columns per level). HEAD is
 * left out: Fastify adds it beside every GET and it runs the GET's hooks.
 */
export function listRoutes(app: FastifyInstance): RouteRef[] {
  const tree = app.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const routes: RouteRef[] = [];
  for (const line of tree.split('\n')) {
    const at = line.search(/[├└]── /);
    if (at < 0) continue;
    const depth = at / 4;
    const match = /^(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line.slice(at + 4));
    if (!match) continue;
    const segment = match[1]!;
    stack.length = depth;
    const path = (depth > 0 ? stack[depth - 1] : '') + segment;
    stack[depth] = path;
    for (const method of (match[2] ?? '')
      .split(',')
      .map((m) => m.trim())
      .filter(Boolean)) {
      if (method !== 'HEAD') routes.push({ method, path });
    }
  }
  return routes;
}

export const apiRoutes = (app: FastifyInstance) =>
  listRoutes(app).filter((r) => r.path === '/api' || r.path.startsWith('/api/'));
