/** The body cache's budget unless CANNERY_ETAG_CACHE_MB says otherwise. */
export const DEFAULT_BODY_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * Serialised lists by ETag (server/http/etag.ts), so an unchanged list is neither re-read nor re-serialised. An ETag names
 * one version of the rows (see `versionedJson`), so an entry can never hold another version's body.
 *
 * Bounded by bytes (the UTF-8 size of the bodies it holds), not by entries: the least recently
 * used bodies go first when a new one would pass the budget, and a body larger than a quarter of
 * the budget is not kept at all (one huge list must not flush every other). A budget of 0 keeps
 * nothing.
 */
export class BodyCache {
  private readonly entries = new Map<string, { body: string; bytes: number }>();
  private used = 0;

  constructor(readonly maxBytes: number = DEFAULT_BODY_CACHE_BYTES) {}

  /** The bytes the cached bodies take. */
  get bytes(): number {
    return this.used;
  }

  get size(): number {
    return this.entries.size;
  }

  get(etag: string): string | undefined {
    const entry = this.entries.get(etag);
    if (!entry) return undefined;
    // Most recently used last: eviction takes from the front.
    this.entries.delete(etag);
    this.entries.set(etag, entry);
    return entry.body;
  }

  set(etag: string, body: string): void {
    const bytes = Buffer.byteLength(body, 'utf8');
    this.delete(etag);
    if (bytes > this.maxBytes / 4) return;
    while (this.used + bytes > this.maxBytes) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.delete(oldest.value);
    }
    this.entries.set(etag, { body, bytes });
    this.used += bytes;
  }

  private delete(etag: string): void {
    const entry = this.entries.get(etag);
    if (!entry) return;
    this.entries.delete(etag);
    this.used -= entry.bytes;
  }
}
