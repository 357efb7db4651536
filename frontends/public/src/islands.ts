// What the public remote exposes as ./islands: the interactive parts of its pages, which the shell
// hydrates each as its own root on a server-rendered page (docs/adr/0011-islands.md).
import { islandRegistry } from '@coinmag/frontend-shared/islands/island';
import { PagerIsland } from './components/Pager';
import { NewsletterLinkIsland } from './pages/newsletter/NewsletterPage';
import { SubscribeFormIsland } from './pages/newsletter/SubscribeForm';
import { ArticleViewsIsland } from './pages/article/ArticleViews';
import { TableOfContentsIsland } from './pages/article/TableOfContents';
import { GlossaryTipsIsland } from './pages/article/GlossaryTips';
import { CarouselIsland } from './pages/home/Carousel';
import { MoreArticlesIsland } from './pages/home/MoreArticles';
import { LessonReadIsland, ListProgressIsland, PathProgressIsland } from './pages/learn/LearnProgress';

export const islands = islandRegistry([CarouselIsland, MoreArticlesIsland, TableOfContentsIsland, ArticleViewsIsland, PagerIsland, PathProgressIsland, ListProgressIsland, LessonReadIsland, GlossaryTipsIsland, SubscribeFormIsland, NewsletterLinkIsland]);
