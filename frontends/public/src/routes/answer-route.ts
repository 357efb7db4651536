import type { Settings } from '@coinmag/contracts';
import type { Api } from '../api/http';
import type { PageName, RouteAnswer, RouteOf } from './page-entry';
import { PAGES } from './pages';

/** The route table's answer for a route: its entry's, whichever page it is. */
export function answerRoute<K extends PageName>(route: RouteOf<K>, pathname: string, query: URLSearchParams, settings: Settings, api: Api): Promise<RouteAnswer> {
  return PAGES[route.page].answer(route, pathname, query, settings, api);
}
