import type { AuditAction, AuditEvent, AuditKind } from '@coinmag/contracts';

export const ACTION_LABELS: Record<AuditAction, string> = {
  'auth.login': '帳號登入',
  'auth.login_failed': '帳號登入失敗',
  'auth.logout': '登出',
  'auth.password_change': '變更密碼',
  'article.create': '新增文章',
  'article.update': '更新文章',
  'article.delete': '刪除文章',
  'article.publish': '發布文章',
  'article.scheduled_publish': '排程發布',
  'article.restore': '還原文章版本',
  'article.preview_link_create': '建立預覽連結',
  'article.preview_link_revoke': '撤銷預覽連結',
  'category.create': '新增分類',
  'category.update': '更新分類',
  'category.delete': '刪除分類',
  'settings.update': '更新網站設定',
  'upload.image': '上傳圖片',
  'upload.cover': '上傳封面圖片',
  'import.wordpress': '匯入 WordPress 文章',
  'webhook.create': '新增 Webhook',
  'webhook.update': '更新 Webhook',
  'webhook.delete': '刪除 Webhook',
  'learning_path.create': '新增學習路徑',
  'learning_path.update': '更新學習路徑',
  'learning_path.delete': '刪除學習路徑',
  'webhook.secret': '重新產生 Webhook 密鑰',
  'glossary.create': '新增術語',
  'glossary.update': '更新術語',
  'glossary.delete': '刪除術語',
  'glossary.import': '匯入術語 CSV',
  'glossary.settings': '更新術語連結設定',
  'flash.create': '發布快訊',
  'flash.update': '更新快訊',
  'flash.delete': '刪除快訊',
  'flash.scheduled_publish': '快訊排程發布',
  'flash.restore': '還原快訊版本',
};

export const KIND_LABELS: Record<AuditKind, string> = {
  auth: '登入與帳號',
  article: '文章',
  category: '分類',
  settings: '網站設定',
  upload: '上傳',
  import: '匯入',
  webhook: 'Webhook',
  learning_path: '學習路徑',
  glossary: '術語表',
  flash: '快訊',
};

export function actorLabel(actor: string): string {
  return actor === 'system' ? '系統' : actor;
}

/** Where an entry's subject can be opened in the back office (deleted things have no link). */
export function subjectLink(event: Pick<AuditEvent, 'action' | 'subject_id'>): string | null {
  if (event.subject_id === null || event.action.endsWith('.delete')) return null;
  if (event.action.startsWith('article.') || event.action === 'upload.cover') return `/admin/articles/edit/${event.subject_id}`;
  if (event.action.startsWith('category.')) return `/admin/categories/edit/${event.subject_id}`;
  if (event.action === 'glossary.create' || event.action === 'glossary.update') return `/admin/glossary/edit/${event.subject_id}`;
  return null;
}
