import type { LessonPlace, PublicLearningPath } from '@coinmag/contracts';
import { getJson } from './http';

const FAILED = '載入學習路徑失敗';

export const fetchLearningPaths = (signal?: AbortSignal) => getJson<PublicLearningPath[]>('/api/learning-paths', FAILED, signal);

export const fetchLearningPath = (slug: string, signal?: AbortSignal) => getJson<PublicLearningPath>(`/api/learning-paths/${encodeURIComponent(slug)}`, FAILED, signal);

export const fetchLessonPlaces = (articleId: number, signal?: AbortSignal) => getJson<LessonPlace[]>(`/api/learning-paths/lessons/${articleId}`, FAILED, signal);
