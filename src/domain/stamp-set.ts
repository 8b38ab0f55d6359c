/**
 * A set of small integers (block or word indices) that empties in constant time.
 *
 * Search runs on every keystroke over thousands of blocks; clearing a boolean array each time
 * would cost as much as the search. Instead each member is stamped with the current generation,
 * and `clear()` just starts a new generation.
 */
export class StampSet {
  private stamps: Uint32Array;
  private generation = 1;
  /** Number of members added since the last `clear()`. */
  size = 0;

  constructor(capacity: number) {
    this.stamps = new Uint32Array(capacity);
  }

  clear(): void {
    this.size = 0;
    this.generation += 1;
    if (this.generation === 0xffffffff) {
      this.stamps.fill(0);
      this.generation = 1;
    }
  }

  has(member: number): boolean {
    return this.stamps[member] === this.generation;
  }

  /** Adds `member`; returns false when it was already there. */
  add(member: number): boolean {
    if (this.stamps[member] === this.generation) return false;
    this.stamps[member] = this.generation;
    this.size += 1;
    return true;
  }
}
