import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { WORDPRESS_EXPORT_MAX_BYTES, type WordPressImport } from '@coinmag/contracts';
import { ConflictError, NotFoundError, PayloadTooLargeError, ValidationError } from '@coinmag/service-kit';
import { dryRunExport } from './wordpress-dry-run.js';
import type { WordPressImportRunner } from './wordpress-import.runner.js';
import type { ImportRow, WordPressImportRepository } from './wordpress-import.repository.js';
import type { WxrMappingPool } from './wxr-mapping-pool.js';
import { WxrFormatError } from './wxr-parser.js';
import { decisionsPath } from './wxr-scan.js';

export const WORDPRESS_MESSAGES = {
  notFound: '找不到這筆匯入',
  tooLarge: `匯出檔超過 ${WORDPRESS_EXPORT_MAX_BYTES / 1024 / 1024 / 1024} GB`,
  empty: '請選擇 WordPress 匯出檔（.xml）',
  notReady: '這筆匯入目前無法開始',
  notPaused: '這筆匯入沒有暫停',
  notDiscardable: '這筆匯入已經開始，無法取消',
  noImageGrant: '此服務未設定 FORWARDING_SECRET，無法匯入圖片；請設定後重新啟動，或選擇不匯入圖片',
} as const;

export interface UploadedExport {
  filename: string;
  body: Readable;
  withImages: boolean;
}

/** Counts bytes as they pass and stops the stream past the limit: the file is never held in memory. */
function byteLimit(max: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > max) callback(new PayloadTooLargeError(WORDPRESS_MESSAGES.tooLarge));
      else callback(null, chunk);
    },
  });
}

/** Upload, dry run, confirmation and progress of WordPress imports (docs/product.md, WordPress import). */
export class WordPressImportService {
  constructor(
    private readonly repository: WordPressImportRepository,
    private readonly runner: WordPressImportRunner,
    /** Where uploaded exports are kept until their import is done (WORDPRESS_IMPORT_DIR). */
    private readonly directory: string,
    private readonly mapper: WxrMappingPool,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** Streams the upload to disk, then reads it for the dry run. Nothing is imported yet. */
  async upload({ filename, body, withImages }: UploadedExport): Promise<WordPressImport> {
    await mkdir(this.directory, { recursive: true });
    const path = join(this.directory, `${randomUUID()}.xml`);
    let bytes = 0;
    try {
      await pipeline(body, byteLimit(WORDPRESS_EXPORT_MAX_BYTES), new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          bytes += chunk.length;
          callback(null, chunk);
        },
      }), createWriteStream(path));
    } catch (err) {
      await rm(path, { force: true });
      throw err;
    }
    if (bytes === 0) {
      await rm(path, { force: true });
      throw new ValidationError('file', WORDPRESS_MESSAGES.empty);
    }
    const id = await this.repository.createImport({ filename: filename.slice(0, 200) || 'export.xml', file_path: path, file_bytes: bytes, with_images: withImages });
    try {
      const dryRun = await dryRunExport(path, this.repository, this.mapper, this.clock());
      await this.repository.setDryRun(id, dryRun.site, dryRun);
    } catch (err) {
      const message = err instanceof WxrFormatError ? err.message : `無法讀取匯出檔：${(err as Error).message}`;
      await this.repository.fail(id, message);
      await rm(path, { force: true });
      await rm(decisionsPath(path), { force: true });
      if (err instanceof WxrFormatError) throw err;
      throw new ValidationError('file', message);
    }
    return this.get(id);
  }

  async get(id: number): Promise<WordPressImport> {
    const row = await this.repository.findImport(id);
    if (!row) throw new NotFoundError(WORDPRESS_MESSAGES.notFound);
    return this.present(row);
  }

  async latest(): Promise<WordPressImport | null> {
    const row = await this.repository.latestImport();
    return row ? this.present(row) : null;
  }

  /**
   * The admin confirmed the dry run: the job starts in the background, as `actor` (their username):
   * its images are uploaded under service grants naming them, however long it runs.
   */
  async confirm(id: number, actor: string): Promise<WordPressImport> {
    const row = await this.repository.findImport(id);
    if (!row) throw new NotFoundError(WORDPRESS_MESSAGES.notFound);
    if (row.status !== 'ready') throw new ConflictError(WORDPRESS_MESSAGES.notReady);
    if (row.with_images && !this.runner.importsImages) throw new ConflictError(WORDPRESS_MESSAGES.noImageGrant);
    if (!(await this.runner.start(id, actor))) throw new ConflictError(WORDPRESS_MESSAGES.notReady);
    return this.get(id);
  }

  /** A paused job (confirmed before its admin was kept, or stopped by an error) goes on as this admin. */
  async resume(id: number, actor: string): Promise<WordPressImport> {
    const row = await this.repository.findImport(id);
    if (!row) throw new NotFoundError(WORDPRESS_MESSAGES.notFound);
    if (row.status !== 'paused') throw new ConflictError(WORDPRESS_MESSAGES.notPaused);
    if (row.with_images && !this.runner.importsImages) throw new ConflictError(WORDPRESS_MESSAGES.noImageGrant);
    await this.runner.start(id, actor);
    return this.get(id);
  }

  /** A dry run the operator only wanted to read: the job and its file go. */
  async discard(id: number): Promise<void> {
    const row = await this.repository.findImport(id);
    if (!row) throw new NotFoundError(WORDPRESS_MESSAGES.notFound);
    if (!(await this.repository.deleteReadyImport(id))) throw new ConflictError(WORDPRESS_MESSAGES.notDiscardable);
    await rm(row.file_path, { force: true });
    await rm(decisionsPath(row.file_path), { force: true });
  }

  private async present(row: ImportRow): Promise<WordPressImport> {
    const [attention, failedImages] = await Promise.all([this.repository.attention(row.id), this.repository.failedImagesSince(row.started_at)]);
    return {
      id: row.id,
      status: row.status,
      filename: row.filename,
      file_bytes: Number(row.file_bytes),
      with_images: row.with_images,
      dry_run: row.dry_run,
      progress: row.progress,
      attention,
      failed_images: failedImages,
      error: row.error,
      waiting_for_admin: row.status === 'paused',
      created_at: row.created_at.toISOString(),
      finished_at: row.finished_at?.toISOString() ?? null,
    };
  }
}
