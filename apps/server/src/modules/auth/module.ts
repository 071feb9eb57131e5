import type { AppModule } from '../contract.ts';
import { authRoutes } from './auth.routes.ts';

export const authModule: AppModule = {
  name: 'auth',
  routes: (app, { auth }) => app.register(authRoutes, { auth }),
};
