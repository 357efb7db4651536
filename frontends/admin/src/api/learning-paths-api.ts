import { LEARNING_PATHS_ADMIN_PATH, type ArticleList, type LearningPath, type LearningPathInput } from '@coinmag/contracts';
import { request } from './http';

export const learningPathsApi = {
  list: () => request<LearningPath[]>(LEARNING_PATHS_ADMIN_PATH),
  get: (id: number) => request<LearningPath>(`${LEARNING_PATHS_ADMIN_PATH}/${id}`),
  create: (input: LearningPathInput) => request<LearningPath>(LEARNING_PATHS_ADMIN_PATH, { method: 'POST', json: input, fallbackError: '' }),
  update: (id: number, input: LearningPathInput & { version?: number }) => request<LearningPath>(`${LEARNING_PATHS_ADMIN_PATH}/${id}`, { method: 'PUT', json: input, fallbackError: '' }),
  remove: (id: number) => request<unknown>(`${LEARNING_PATHS_ADMIN_PATH}/${id}`, { method: 'DELETE', fallbackError: '刪除失敗' }),
  /** Lessons are published articles: found with the site's own search. */
  searchArticles: (term: string, signal?: AbortSignal) =>
    request<ArticleList>(`/api/articles?search=${encodeURIComponent(term)}&limit=10`, { auth: false, fallbackError: '搜尋文章失敗', signal }),
};
