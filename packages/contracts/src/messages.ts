/** Error texts the API answers with (GLOSSARY.md wording where it has one). */
export const API_MESSAGES = {
  articleNotFound: '文章不存在',
  categoryNotFound: '分類不存在',
  notFound: '找不到資源',
  unauthorized: '驗證失敗，請重新登入',
  notLoggedIn: '尚未登入',
  loginFailed: '帳號或密碼錯誤',
  tooManyLogins: '登入嘗試次數過多，請稍後再試',
  payloadTooLarge: '檔案過大，請選擇較小的圖片',
  serverError: '伺服器錯誤，請稍後再試或聯繫管理員',
  invalidJson: '請求內容不是有效的 JSON',
  onlyImages: '只允許上傳圖片檔案',
  serviceUnavailable: '服務暫時無法使用，請稍後再試',
  gatewayTimeout: '服務回應逾時，請稍後再試',
  badGateway: '服務發生錯誤，請稍後再試',
  categoryHasArticles: '此分類仍有文章，請先移動或刪除這些文章',
  slugTaken: '網址代稱已被使用',
} as const;
