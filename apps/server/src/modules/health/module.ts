import type { AppModule } from '../contract.ts';
import { healthRoutes } from './health.routes.ts';

export const healthModule: AppModule = {
  name: 'health',
  routes: (app, { runtime }) => app.register(healthRoutes, { database: runtime.database }),
};
