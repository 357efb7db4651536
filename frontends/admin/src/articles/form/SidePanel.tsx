import type { ArticleStatus, Category } from '@coinmag/contracts';
import { normalizeSlug } from '@coinmag/rules';
import adminStyles from '../../admin.module.css';
import { STATUS_LABELS, type ArticleFormValues } from './article-form';
import { CAROUSEL_ORDER_MAX, CAROUSEL_ORDER_MIN, RECOMMENDATION_LABELS, clampCarouselOrder, type Recommendation } from './recommendation';
import { normalizeSlugWhileTyping } from './slug-input';

interface Props {
  values: ArticleFormValues;
  categories: Category[];
  update: <K extends keyof ArticleFormValues>(key: K, value: ArticleFormValues[K]) => void;
}

const STATUSES: ArticleStatus[] = ['draft', 'published', 'scheduled'];
const RECOMMENDATIONS = Object.keys(RECOMMENDATION_LABELS) as Recommendation[];

/** The article form's side panel (docs/product.md §2): slug, category, status, time, recommendation, carousel, SEO. */
export function SidePanel({ values, categories, update }: Props) {
  return (
    <>
      <div className={adminStyles.field}>
        <label className={adminStyles.label} htmlFor="article-slug">網址代稱</label>
        <input id="article-slug" className={adminStyles.input} value={values.slug} aria-describedby="article-slug-hint"
          onChange={(event) => update('slug', normalizeSlugWhileTyping(event.target.value))}
          onBlur={(event) => update('slug', normalizeSlug(event.target.value))} />
        <p id="article-slug-hint" className={adminStyles.hint}>留空時依標題自動產生</p>
      </div>
      <div className={adminStyles.field}>
        <label className={adminStyles.label} htmlFor="article-category">分類</label>
        <select id="article-category" className={adminStyles.select} value={values.categoryId} onChange={(event) => update('categoryId', event.target.value)}>
          <option value="">未分類</option>
          {categories.map((category) => (
            <option key={category.id} value={String(category.id)}>
              {category.name}{category.is_active ? '' : '（停用）'}
            </option>
          ))}
        </select>
      </div>
      <div className={adminStyles.field}>
        <label className={adminStyles.label} htmlFor="article-status">狀態</label>
        <select id="article-status" className={adminStyles.select} value={values.status} onChange={(event) => update('status', event.target.value as ArticleStatus)}>
          {STATUSES.map((status) => (
            <option key={status} value={status}>{STATUS_LABELS[status]}</option>
          ))}
        </select>
      </div>
      <div className={adminStyles.field}>
        <label className={adminStyles.label} htmlFor="article-published-at">發布時間</label>
        <input id="article-published-at" className={adminStyles.input} type="datetime-local" value={values.publishedAt} aria-describedby="article-published-at-hint"
          onChange={(event) => update('publishedAt', event.target.value)} />
        <p id="article-published-at-hint" className={adminStyles.hint}>台北時間；留空時發布當下自動填入</p>
      </div>
      <fieldset className={adminStyles.radioGroup}>
        <legend className={adminStyles.legend}>推薦類型</legend>
        {RECOMMENDATIONS.map((recommendation) => (
          <label key={recommendation} className={adminStyles.check}>
            <input type="radio" name="recommendation" className={adminStyles.checkInput} value={recommendation}
              checked={values.recommendation === recommendation} onChange={() => update('recommendation', recommendation)} />
            {RECOMMENDATION_LABELS[recommendation]}
          </label>
        ))}
      </fieldset>
      <label className={adminStyles.check}>
        <input type="checkbox" className={adminStyles.checkInput} checked={values.isCarousel} onChange={(event) => update('isCarousel', event.target.checked)} />
        加入輪播
      </label>
      {values.isCarousel && (
        <div className={adminStyles.field}>
          <label className={adminStyles.label} htmlFor="article-carousel-order">輪播順序</label>
          <input id="article-carousel-order" className={adminStyles.input} type="number" min={CAROUSEL_ORDER_MIN} max={CAROUSEL_ORDER_MAX} step={1}
            value={values.carouselOrder} aria-describedby="article-carousel-order-hint"
            onChange={(event) => update('carouselOrder', event.target.value === '' ? CAROUSEL_ORDER_MIN : Number(event.target.value))}
            onBlur={(event) => update('carouselOrder', clampCarouselOrder(event.target.value))} />
          <p id="article-carousel-order-hint" className={adminStyles.hint}>1 到 10，數字小的先顯示</p>
        </div>
      )}
      <div className={adminStyles.field}>
        <label className={adminStyles.label} htmlFor="article-meta-title">SEO 標題</label>
        <input id="article-meta-title" className={adminStyles.input} value={values.metaTitle} onChange={(event) => update('metaTitle', event.target.value)} />
      </div>
      <div className={adminStyles.field}>
        <label className={adminStyles.label} htmlFor="article-meta-description">SEO 描述</label>
        <textarea id="article-meta-description" className={`${adminStyles.textarea} ${adminStyles.textareaPlain}`} value={values.metaDescription}
          onChange={(event) => update('metaDescription', event.target.value)} />
      </div>
    </>
  );
}
