import Koa from 'koa';
import type { Knex } from 'knex';
import { errorMiddleware, healthRoutes, requestContext, type Logger } from '@coinmag/service-kit';
import { StatsRepository } from './admin/stats.repository.js';
import { adminStatsRoutes } from './admin/stats.routes.js';
import { AdminArticlesService } from './articles/admin-articles.service.js';
import { adminArticleRoutes } from './articles/articles.admin.routes.js';
import { ArticlesRepository } from './articles/articles.repository.js';
import { publicArticleRoutes } from './articles/articles.routes.js';
import { ArticlesService } from './articles/articles.service.js';
import type { CoverStore } from './articles/cover-store.js';
import { CategoriesRepository } from './categories/categories.repository.js';
import { adminCategoryRoutes } from './categories/categories.admin.routes.js';
import { publicCategoryRoutes } from './categories/categories.routes.js';
import { CategoriesService } from './categories/categories.service.js';
import { SettingsRepository } from './settings/settings.repository.js';
import { adminSettingsRoutes } from './settings/settings.admin.routes.js';
import { publicSettingsRoutes } from './settings/settings.routes.js';
import { SettingsService } from './settings/settings.service.js';

export interface ContentDeps {
  db: Knex;
  log: Logger;
  /** PEM public key that verifies admin tokens. */
  publicKey: string;
  covers: CoverStore;
  clock?: () => Date;
}

export function createApp({ db, log, publicKey, covers, clock }: ContentDeps): Koa {
  const articlesRepository = new ArticlesRepository(db);
  const categoriesRepository = new CategoriesRepository(db);

  const categories = new CategoriesService(categoriesRepository);
  const settings = new SettingsService(new SettingsRepository(db));
  const articles = new ArticlesService(articlesRepository, categoriesRepository, clock);
  const adminArticles = new AdminArticlesService(db, articlesRepository, categories, covers, undefined, clock);

  const app = new Koa();
  app.proxy = true;
  app.use(requestContext(log));
  app.use(errorMiddleware());
  app.use(healthRoutes({ postgres: () => db.raw('select 1') }));
  const routers = [
    adminArticleRoutes(adminArticles, publicKey),
    adminCategoryRoutes(categories, publicKey),
    adminSettingsRoutes(settings, publicKey),
    adminStatsRoutes(new StatsRepository(db), publicKey),
    publicArticleRoutes(articles),
    publicCategoryRoutes(categories),
    publicSettingsRoutes(settings),
  ];
  for (const router of routers) app.use(router.routes()).use(router.allowedMethods());
  return app;
}
