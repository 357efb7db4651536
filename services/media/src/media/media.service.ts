import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { ASPECT_KEY, ASPECT_NAMES, variantSrcset, type UploadResponse } from '@coinmag/contracts';
import { DEMO_COVERS } from '@coinmag/demo-content';
import type { Logger } from '@coinmag/service-kit';
import type { UploadAuditClient } from '../audit/upload-audit-client.js';
import { uploadSummary } from '../audit/upload-summary.js';
import { drawDemoCover } from '../images/demo-covers.js';
import { CONTENT_TYPES, cropsOfStored, processImage, type ImageCrops, type ProcessedImage, type StoredExt } from '../images/image-pipeline.js';
import { isOriginalStem } from '../images/originals.js';
import { QueueFullError, type WorkQueue } from '../images/work-queue.js';
import { StorageUnavailableError, type ByteRange, type ObjectStorage, type StoredObject } from '../storage/object-storage.js';

export interface Deliverable {
  key: string;
  contentType: string;
  object: StoredObject;
}

const MB = 1024 * 1024;
/** What an original may be stored as (image-pipeline storedExt). */
const ORIGINAL_EXTS: StoredExt[] = ['jpg', 'png', 'gif', 'webp'];

/** 'cover' (the article's cover, sent by the content service) or 'content' (an image in the text). */
export type UploadPurpose = 'cover' | 'content';
const AUDIT_ACTIONS = { cover: 'upload.cover', content: 'upload.image' } as const;

/** Who uploaded, for the audit entry recorded before the upload is answered. */
export interface Uploader {
  purpose: UploadPurpose;
  ip: string | null;
  authorization: string;
  requestId: string;
}

/** The rules of the media service: what is stored under which name, and what is served for a URL. */
export class MediaService {
  /** Crops being cut, by the stem of their original. */
  private readonly cropping = new Map<string, Promise<boolean>>();

  constructor(
    private readonly storage: ObjectStorage,
    /** Uploads and the demo covers. */
    private readonly queue: WorkQueue,
    /** Crops asked for by anonymous requests. */
    private readonly onDemand: WorkQueue,
    private readonly log: Logger,
    /** Absent: uploads are not recorded (only image-pipeline tests build the app so; main.ts always gives it). */
    private readonly audit?: UploadAuditClient,
  ) {}

  /**
   * Processes an upload (bounded by the work queue), stores it once under its content hash,
   * and records it in the audit log before it is answered.
   */
  async upload(input: Buffer, uploader: Uploader): Promise<UploadResponse> {
    const stored = await this.storeUpload(input);
    await this.audit?.record(
      { action: AUDIT_ACTIONS[uploader.purpose], ip: uploader.ip, summary: uploadSummary(stored) },
      { authorization: uploader.authorization, requestId: uploader.requestId },
    );
    return stored;
  }

  /** Processes an upload (bounded by the work queue) and stores it once under its content hash. */
  private async storeUpload(input: Buffer): Promise<UploadResponse> {
    const processed = await this.queue.run(() => processImage(input));
    const filename = await this.storeProcessed(processed.hash, processed);
    const url = `/uploads/${filename}`;
    return {
      url,
      filename,
      sizeMB: Math.round((processed.original.data.length / MB) * 10_000) / 10_000,
      width: processed.original.width,
      height: processed.original.height,
      srcset: variantSrcset(url, processed.original.width),
    };
  }

  /**
   * Writes variants first and the original last: the original's presence means the set is
   * complete, so a second upload of the same image stores nothing.
   */
  private async storeProcessed(stem: string, processed: ProcessedImage): Promise<string> {
    const filename = `${stem}.${processed.original.ext}`;
    if (await this.storage.stat(filename)) return filename;
    for (const variant of processed.variants) {
      await this.storage.put(`${stem}-w${variant.width}.webp`, variant.data, 'image/webp');
    }
    await this.storage.put(filename, processed.original.data, CONTENT_TYPES[processed.original.ext]!);
    return filename;
  }

  /** Draws each missing demo cover under its bare file name (demo-bitcoin.jpg), variants included. */
  async seedDemoCovers(): Promise<number> {
    let drawn = 0;
    for (const cover of DEMO_COVERS) {
      if (await this.storage.stat(cover.file)) continue;
      const processed = await this.queue.run(async () => processImage(await drawDemoCover(cover)));
      const stem = cover.file.replace(/\.[a-z]+$/i, '');
      await this.storeProcessed(stem, { ...processed, original: { ...processed.original, ext: 'jpg' } });
      drawn++;
    }
    if (drawn > 0) this.log.info({ drawn }, 'demo covers drawn');
    return drawn;
  }

  /**
   * The object to send for a validated key. A plain (non-variant, non-WebP) URL asked for by a
   * browser that accepts WebP gets the full-size WebP variant when there is one.
   */
  async findDeliverable(key: string, acceptsWebp: boolean): Promise<Deliverable | undefined> {
    const dot = key.lastIndexOf('.');
    const stem = key.slice(0, dot);
    const ext = key.slice(dot + 1).toLowerCase();
    if (acceptsWebp && ext !== 'webp' && !/-w\d+$/.test(stem)) {
      const webpKey = `${stem}-w2048.webp`;
      const webp = await this.storage.stat(webpKey);
      if (webp) return { key: webpKey, contentType: 'image/webp', object: webp };
    }
    const object = (await this.storage.stat(key)) ?? (await this.cropOfOriginal(key));
    if (!object) return undefined;
    return { key, contentType: CONTENT_TYPES[ext] ?? 'application/octet-stream', object };
  }

  /**
   * A structured-data crop (contracts ASPECT_CROPS) of an original: all three are cut on the
   * first request for one, in the on-demand lane, stored, and from then on served as they are.
   * Only an original is ever a source (isOriginalStem): the crop of a crop or of a variant is
   * no image at all, so no chain of suffixes draws anything. Requests for crops of one original
   * that arrive while they are cut wait for that one cutting.
   */
  private async cropOfOriginal(key: string): Promise<StoredObject | undefined> {
    const crop = ASPECT_KEY.exec(key);
    if (!crop || !isOriginalStem(crop[1]!)) return undefined;
    const stem = crop[1]!;
    let pending = this.cropping.get(stem);
    if (!pending) {
      pending = this.cutCrops(stem).finally(() => this.cropping.delete(stem));
      this.cropping.set(stem, pending);
    }
    return (await pending) ? this.storage.stat(key) : undefined;
  }

  /** Whether the crops of `stem` are stored (cut now, or just before by a cutting that has ended). */
  private async cutCrops(stem: string): Promise<boolean> {
    // The last crop written: a cutting that ended while this request looked for the crop stored it.
    if (await this.storage.stat(`${stem}-a${ASPECT_NAMES[ASPECT_NAMES.length - 1]}.webp`)) return true;
    for (const ext of ORIGINAL_EXTS) {
      const original = `${stem}.${ext}`;
      if (!(await this.storage.stat(original))) continue;
      let crops: ImageCrops;
      try {
        // Read inside the lane: waiting requests hold no original in memory.
        crops = await this.onDemand.run(async () => cropsOfStored(await buffer(await this.storage.read(original))));
      } catch (err) {
        // A full lane or a store that is down is a 503; only an original sharp cannot cut is a 404.
        if (err instanceof QueueFullError || err instanceof StorageUnavailableError) throw err;
        this.log.warn({ err, key: original }, 'a crop of a stored image could not be made');
        return false;
      }
      for (const made of crops) await this.storage.put(`${stem}-a${made.aspect}.webp`, made.data, 'image/webp');
      return true;
    }
    return false;
  }

  read(key: string, range?: ByteRange): Promise<Readable> {
    return this.storage.read(key, range);
  }

  /** Whether uploads work right now: the store answers and its bucket or folder exists. */
  async storageAvailable(): Promise<boolean> {
    try {
      await this.storage.check();
      return true;
    } catch (err) {
      this.log.warn({ storage: this.storage.kind, err: ((err as Error).cause as Error | undefined)?.message ?? (err as Error).message }, 'object storage check failed');
      return false;
    }
  }
}
