import { useEffect, useState } from 'react';
import { DELIVERY_STATUS_LABELS, WEBHOOK_EVENT_LABELS, type WebhookDelivery, type WebhookEndpoint } from '@coinmag/contracts';
import { formatLongDateTime } from '@coinmag/rules';
import styles from '../admin.module.css';
import { webhooksApi } from '../api/webhooks-api';
import { Spinner } from '../components/Spinner';
import { reportLoadError } from '../session/load-errors';

const eventLabel = (event: string) => WEBHOOK_EVENT_LABELS[event as keyof typeof WEBHOOK_EVENT_LABELS] ?? event;

/** 傳送紀錄: the endpoint's newest deliveries, each attempt with its answer, read again while one is pending (docs/product.md §11). */
/** While a delivery is still pending, the log is read again this often. */
const PENDING_REFRESH_MS = 2000;

export function DeliveryLog({ endpoint, refresh }: { endpoint: WebhookEndpoint; refresh: number }) {
  const [deliveries, setDeliveries] = useState<WebhookDelivery[] | null>(null);
  const [again, setAgain] = useState(0);

  useEffect(() => {
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    webhooksApi.deliveries(endpoint.id).then(
      (answer) => {
        if (!current) return;
        setDeliveries(answer.deliveries);
        if (answer.deliveries.some((delivery) => delivery.status === 'pending')) timer = setTimeout(() => setAgain((n) => n + 1), PENDING_REFRESH_MS);
      },
      (err: unknown) => {
        reportLoadError(err, '載入傳送紀錄失敗');
        if (current) setDeliveries([]);
      },
    );
    return () => {
      current = false;
      if (timer) clearTimeout(timer);
    };
  }, [endpoint.id, refresh, again]);

  if (!deliveries) return <Spinner />;
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} aria-label={`傳送紀錄：${endpoint.url}`}>
        <thead>
          <tr>
            <th scope="col">事件</th>
            <th scope="col">時間</th>
            <th scope="col">狀態</th>
            <th scope="col">每次傳送（回應碼）</th>
          </tr>
        </thead>
        <tbody>
          {deliveries.length === 0 && (
            <tr>
              <td colSpan={4} className={styles.empty}>尚無傳送紀錄</td>
            </tr>
          )}
          {deliveries.map((delivery) => (
            <tr key={delivery.id} data-delivery-id={delivery.id}>
              <td>{eventLabel(delivery.event)}</td>
              <td className={styles.nowrap}>{formatLongDateTime(delivery.created_at)}</td>
              <td>
                {DELIVERY_STATUS_LABELS[delivery.status]}
                {delivery.next_attempt_at && <span className={styles.muted}>（下次 {formatLongDateTime(delivery.next_attempt_at)}）</span>}
              </td>
              <td>
                {delivery.attempts.length === 0 ? '傳送中' : (
                  <ol>
                    {delivery.attempts.map((attempt, index) => (
                      <li key={index}>
                        {formatLongDateTime(attempt.at)}：{attempt.status_code ?? '無回應'}
                        {attempt.error && attempt.status_code === null ? `（${attempt.error}）` : ''}
                        <span className={styles.muted}> {attempt.duration_ms} ms</span>
                      </li>
                    ))}
                  </ol>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
