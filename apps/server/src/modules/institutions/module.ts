import type { AppModule } from '../contract.ts';
import { institutionsRoutes } from './institutions.routes.ts';

export const institutionsModule: AppModule = {
  name: 'institutions',
  routes: (app) => app.register(institutionsRoutes),
};
