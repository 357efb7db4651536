import Koa from 'koa';
import type { Knex } from 'knex';
import { errorMiddleware, healthRoutes, requestContext, type Logger } from '@coinmag/service-kit';
import { ArticlesRepository } from './articles/articles.repository.js';
import { publicArticleRoutes } from './articles/articles.routes.js';
import { ArticlesService } from './articles/articles.service.js';
import { CategoriesRepository } from './categories/categories.repository.js';
import { publicCategoryRoutes } from './categories/categories.routes.js';
import { CategoriesService } from './categories/categories.service.js';
import { SettingsRepository } from './settings/settings.repository.js';
import { publicSettingsRoutes } from './settings/settings.routes.js';
import { SettingsService } from './settings/settings.service.js';

export interface ContentDeps {
  db: Knex;
  log: Logger;
  clock?: () => Date;
}

export function createApp({ db, log, clock }: ContentDeps): Koa {
  const articlesRepository = new ArticlesRepository(db);
  const categoriesRepository = new CategoriesRepository(db);
  const settingsRepository = new SettingsRepository(db);

  const articles = new ArticlesService(articlesRepository, categoriesRepository, clock);
  const categories = new CategoriesService(categoriesRepository);
  const settings = new SettingsService(settingsRepository);

  const app = new Koa();
  app.proxy = true;
  app.use(requestContext(log));
  app.use(errorMiddleware());
  app.use(healthRoutes({ postgres: () => db.raw('select 1') }));
  for (const router of [publicArticleRoutes(articles), publicCategoryRoutes(categories), publicSettingsRoutes(settings)]) {
    app.use(router.routes()).use(router.allowedMethods());
  }
  return app;
}
