import type { LessonPlace, PublicLearningPath } from '@coinmag/contracts';
import { getJson, type Api } from './http';

const FAILED = '載入學習路徑失敗';

export const fetchLearningPaths = (api: Api) => getJson<PublicLearningPath[]>('/api/learning-paths', FAILED, api);

export const fetchLearningPath = (slug: string, api: Api) => getJson<PublicLearningPath>(`/api/learning-paths/${encodeURIComponent(slug)}`, FAILED, api);

export const fetchLessonPlaces = (articleId: number, api: Api) => getJson<LessonPlace[]>(`/api/learning-paths/lessons/${articleId}`, FAILED, api);
