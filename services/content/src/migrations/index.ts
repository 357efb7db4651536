import type { NamedMigration } from '@coinmag/service-kit/database';
import * as createCategories from './20260101000001_create_categories.js';
import * as createArticles from './20260101000002_create_articles.js';
import * as createTags from './20260101000003_create_tags.js';
import * as createArticleSearch from './20260101000004_create_article_search.js';
import * as createSettings from './20260101000005_create_settings.js';
import * as createViewFlushes from './20260101000006_create_view_flushes.js';
import * as searchTextUncompressed from './20260101000007_search_text_uncompressed.js';
import * as searchGramsUncompressed from './20260101000008_search_grams_uncompressed.js';
import * as versionsAndRevisions from './20261122204500_versions_and_revisions.js';
import * as createArticleAutosaves from './20261122204600_create_article_autosaves.js';
import * as createAuditEvents from './20261122205500_create_audit_events.js';
import * as createSlugHistory from './20261122210500_create_slug_history.js';
import * as viewBatchesCounts from './20261122211000_view_batches_counts.js';
import * as titleSearch from './20261122212500_title_search.js';
import * as featuredImageAlt from './20261122213500_featured_image_alt.js';
import * as auditRequestId from './20261122230000_audit_request_id.js';
import * as searchGinNoPendingList from './20261123030000_search_gin_no_pending_list.js';
import * as createWordPressImport from './20261125020000_create_wordpress_import.js';
import * as createOutbox from './20261125060000_create_outbox.js';
import * as tagKeys from './20261125090000_tag_keys.js';
import * as createPreviewLinks from './20261125093000_create_preview_links.js';
import * as announceOnPublication from './20261125094500_announce_on_publication.js';
import * as createGlossary from './20261126100000_create_glossary.js';
import * as createLearningPaths from './20261126110000_create_learning_paths.js';
import * as wordpressImagesState from './20261126130000_wordpress_images_state.js';
import * as wordpressImportConfirmedBy from './20261127000100_wordpress_import_confirmed_by.js';
import * as createFlashItems from './20261127020000_create_flash_items.js';
import * as createReaderNumbers from './20261127050000_create_reader_numbers.js';
import * as createViewBuckets from './20261127060000_create_view_buckets.js';
import * as flashRevisionRestore from './20261127100000_flash_revision_restore.js';
import * as wordpressImageGrants from './20261127130000_wordpress_image_grants.js';
import * as viewBucketsDemoApart from './20261127140000_view_buckets_demo_apart.js';

/** In order; append one per line, never edit a migration that has shipped. */
export const migrations: NamedMigration[] = [
  createCategories,
  createArticles,
  createTags,
  createArticleSearch,
  createSettings,
  createViewFlushes,
  searchTextUncompressed,
  searchGramsUncompressed,
  versionsAndRevisions,
  createArticleAutosaves,
  createAuditEvents,
  createSlugHistory,
  viewBatchesCounts,
  titleSearch,
  featuredImageAlt,
  auditRequestId,
  searchGinNoPendingList,
  createWordPressImport,
  createOutbox,
  tagKeys,
  createPreviewLinks,
  announceOnPublication,
  createGlossary,
  createLearningPaths,
  wordpressImagesState,
  wordpressImportConfirmedBy,
  createFlashItems,
  createReaderNumbers,
  createViewBuckets,
  flashRevisionRestore,
  wordpressImageGrants,
  viewBucketsDemoApart,
];
