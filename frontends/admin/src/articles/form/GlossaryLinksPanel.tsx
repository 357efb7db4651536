import { useEffect, useState } from 'react';
import type { GlossaryLinkPreview } from '@coinmag/contracts';
import adminStyles from '../../admin.module.css';
import { glossaryApi } from '../../api/glossary-api';

/** How long the body must rest before the panel asks again which terms it links. */
const SETTLE_MS = 600;

/**
 * Which glossary terms the body will link when published (the same matcher as the public page,
 * asked of the service), and the article's switch to turn linking off.
 */
export function GlossaryLinksPanel({ content, enabled, onToggle }: { content: string; enabled: boolean; onToggle: (enabled: boolean) => void }) {
  const [preview, setPreview] = useState<GlossaryLinkPreview | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      glossaryApi.links(content, controller.signal).then(
        (answer) => {
          setPreview(answer);
          setFailed(false);
        },
        (err: unknown) => {
          if ((err as Error).name !== 'AbortError') setFailed(true);
        },
      );
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [content]);

  return (
    <section className={adminStyles.field} aria-labelledby="glossary-links-title" data-testid="glossary-links-panel">
      <h2 id="glossary-links-title" className={adminStyles.label}>術語連結</h2>
      <label className={adminStyles.check}>
        <input type="checkbox" className={adminStyles.checkInput} checked={enabled} onChange={(event) => onToggle(event.target.checked)} />
        在這篇文章連結術語表
      </label>
      <div role="status" className={adminStyles.hint}>
        {failed ? (
          '無法取得術語連結預覽'
        ) : !preview ? (
          '檢查術語中…'
        ) : !enabled ? (
          '這篇文章不會連結任何術語'
        ) : preview.terms.length === 0 ? (
          '內文沒有術語表中的術語'
        ) : (
          <>
            將連結 {preview.terms.length} 個術語（每篇最多 {preview.max_links} 個）：
            <ul>
              {preview.terms.map((term) => (
                <li key={term.slug}>{term.matched === term.name ? term.name : `${term.matched}（${term.name}）`}</li>
              ))}
            </ul>
          </>
        )}
      </div>
    </section>
  );
}
