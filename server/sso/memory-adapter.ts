/**
 * The stand-in's storage for codes, sessions, interactions, grants and tokens: a map per model in
 * this process. Losing them on restart is acceptable for a development provider (the client
 * logs out when its refresh is refused); supplying our own adapter also tells oidc-provider so,
 * instead of warning at every start that its quick-start adapter is in use.
 */

type Payload = Record<string, unknown> & { grantId?: string; uid?: string; userCode?: string; consumed?: number };

interface Entry {
  payload: Payload;
  /** Epoch milliseconds, or Infinity for models stored without a lifetime. */
  expiresAt: number;
}

/** An adapter class with its own maps, so two providers in one process (tests) share nothing. */
export function memoryAdapter() {
  const stores = new Map<string, Map<string, Entry>>();
  return class MemoryAdapter extends MemoryStore {
    constructor(model: string) {
      const existing = stores.get(model);
      const entries = existing ?? new Map<string, Entry>();
      if (!existing) stores.set(model, entries);
      super(entries);
    }
  };
}

/** One model's entries (oidc-provider makes one adapter instance per model). */
class MemoryStore {
  constructor(private readonly entries: Map<string, Entry>) {}

  private live(id: string): Entry | undefined {
    const entry = this.entries.get(id);
    if (entry && entry.expiresAt <= Date.now()) {
      this.entries.delete(id);
      return undefined;
    }
    return entry;
  }

  private sweep(): void {
    const now = Date.now();
    for (const [id, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(id);
  }

  upsert(id: string, payload: Payload, expiresIn?: number): Promise<void> {
    // Sweeping on writes keeps a long-running dev server from growing without bound.
    if (this.entries.size > 1000) this.sweep();
    this.entries.set(id, { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : Infinity });
    return Promise.resolve();
  }

  find(id: string): Promise<Payload | undefined> {
    return Promise.resolve(this.live(id)?.payload);
  }

  findByUid(uid: string): Promise<Payload | undefined> {
    for (const [id, entry] of this.entries) if (entry.payload.uid === uid) return this.find(id);
    return Promise.resolve(undefined);
  }

  findByUserCode(userCode: string): Promise<Payload | undefined> {
    for (const [id, entry] of this.entries) if (entry.payload.userCode === userCode) return this.find(id);
    return Promise.resolve(undefined);
  }

  consume(id: string): Promise<void> {
    const entry = this.live(id);
    if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000);
    return Promise.resolve();
  }

  destroy(id: string): Promise<void> {
    this.entries.delete(id);
    return Promise.resolve();
  }

  revokeByGrantId(grantId: string): Promise<void> {
    for (const [id, entry] of this.entries) if (entry.payload.grantId === grantId) this.entries.delete(id);
    return Promise.resolve();
  }
}
