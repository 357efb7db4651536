/**
 * Attachment post id → URL for every attachment of an export, kept between its readings in
 * little memory: ids and positions in typed arrays, each URL as its folder (shared: a site has a
 * folder a month) and its file name in one byte buffer. 771,829 attachments took 368 MB as a Map
 * of strings; here they take about 30 MB. The whole is bounded (ATTACHMENT_INDEX_MAX_BYTES): an
 * attachment past it is not indexed, and counted, so the report says so.
 */

/** URL bytes (folders and file names) the index keeps at most. */
export const ATTACHMENT_INDEX_MAX_BYTES = 64 * 1024 * 1024;

export interface AttachmentLookup {
  get(id: number): string | undefined;
  has(id: number): boolean;
}

export class AttachmentIndex implements AttachmentLookup {
  /** Attachments that did not fit. */
  dropped = 0;
  private count = 0;
  private ids = new Float64Array(1024);
  private folderOf = new Uint32Array(1024);
  private nameStart = new Uint32Array(1024);
  private nameLength = new Uint16Array(1024);
  private names = Buffer.alloc(64 * 1024);
  private namesUsed = 0;
  private readonly folders: string[] = [];
  private readonly folderIds = new Map<string, number>();
  private folderBytes = 0;
  /** Positions sorted by id (the last one added first among equal ids), made on the first lookup. */
  private order?: Uint32Array;

  constructor(private readonly maxBytes = ATTACHMENT_INDEX_MAX_BYTES) {}

  get size(): number {
    return this.count;
  }

  add(id: number, url: string): void {
    const cut = url.lastIndexOf('/') + 1;
    const folder = url.slice(0, cut);
    const name = Buffer.from(url.slice(cut), 'utf8');
    let folderId = this.folderIds.get(folder);
    const newFolderBytes = folderId === undefined ? Buffer.byteLength(folder) : 0;
    if (name.length > 0xffff || this.folderBytes + newFolderBytes + this.namesUsed + name.length > this.maxBytes) {
      this.dropped += 1;
      return;
    }
    if (folderId === undefined) {
      folderId = this.folders.length;
      // A copy: a slice would keep the parser's whole chunk alive.
      this.folders.push(Buffer.from(folder, 'utf8').toString('utf8'));
      this.folderIds.set(this.folders[folderId]!, folderId);
      this.folderBytes += newFolderBytes;
    }
    if (this.count === this.ids.length) this.grow();
    if (this.namesUsed + name.length > this.names.length) {
      const bigger = Buffer.alloc(Math.max(this.names.length * 2, this.namesUsed + name.length));
      this.names.copy(bigger, 0, 0, this.namesUsed);
      this.names = bigger;
    }
    name.copy(this.names, this.namesUsed);
    this.ids[this.count] = id;
    this.folderOf[this.count] = folderId;
    this.nameStart[this.count] = this.namesUsed;
    this.nameLength[this.count] = name.length;
    this.namesUsed += name.length;
    this.count += 1;
    this.order = undefined;
  }

  get(id: number): string | undefined {
    const at = this.find(id);
    if (at < 0) return undefined;
    const start = this.nameStart[at]!;
    return this.folders[this.folderOf[at]!]! + this.names.toString('utf8', start, start + this.nameLength[at]!);
  }

  has(id: number): boolean {
    return this.find(id) >= 0;
  }

  private find(id: number): number {
    const order = (this.order ??= this.sorted());
    let low = 0;
    let high = order.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.ids[order[middle]!]! < id) low = middle + 1;
      else high = middle;
    }
    return low < order.length && this.ids[order[low]!] === id ? order[low]! : -1;
  }

  private sorted(): Uint32Array {
    const order = new Uint32Array(this.count);
    for (let i = 0; i < this.count; i += 1) order[i] = i;
    // An id given twice: the later one is the one found (as a Map would keep it).
    return order.sort((a, b) => this.ids[a]! - this.ids[b]! || b - a);
  }

  private grow(): void {
    const size = this.ids.length * 2;
    const ids = new Float64Array(size);
    ids.set(this.ids);
    this.ids = ids;
    const folderOf = new Uint32Array(size);
    folderOf.set(this.folderOf);
    this.folderOf = folderOf;
    const nameStart = new Uint32Array(size);
    nameStart.set(this.nameStart);
    this.nameStart = nameStart;
    const nameLength = new Uint16Array(size);
    nameLength.set(this.nameLength);
    this.nameLength = nameLength;
  }
}
