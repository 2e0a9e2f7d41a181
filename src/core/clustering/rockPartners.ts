/**
 * ROCK's merge queue (Guha, Rastogi, Shim 1999, Sec. 4): each live cluster's best partner by
 * goodness, and the best per block of `width` columns, so that finding a cluster's new best
 * after its old one merged costs O(n / width + width), not O(n). Ties go to the lowest id, so
 * the pair chosen is the lexicographically smallest best pair.
 */
export class RockPartners {
  private readonly width: number;
  private readonly blocks: number;
  private readonly blockMax: Float64Array;
  private readonly blockArg: Int32Array;
  private readonly best: Int32Array;
  private readonly bestGoodness: Float64Array;

  /**
   * @param links the n × n link matrix (row-major, updated by the caller on each merge)
   * @param alive 1 for the ids still in use (a cluster is named by its lowest object)
   * @param goodness g(a, b), −∞ without links, symmetric
   */
  constructor(
    private readonly n: number,
    private readonly links: Float64Array,
    private readonly alive: Uint8Array,
    private readonly goodness: (a: number, b: number) => number,
  ) {
    this.width = Math.max(8, Math.ceil(Math.sqrt(n)));
    this.blocks = Math.ceil(n / this.width);
    this.blockMax = new Float64Array(n * this.blocks).fill(-Infinity);
    this.blockArg = new Int32Array(n * this.blocks).fill(-1);
    this.best = new Int32Array(n).fill(-1);
    this.bestGoodness = new Float64Array(n).fill(-Infinity);
    for (let c = 0; c < n; c++) this.refreshRow(c);
  }

  /** The live cluster with the largest best goodness (first id on ties) and its partner. */
  top(): { a: number; b: number; goodness: number } | null {
    let a = -1;
    let top = -Infinity;
    for (let c = 0; c < this.n; c++)
      if (this.alive[c] && this.best[c]! >= 0 && (this.bestGoodness[c] as number) > top) {
        top = this.bestGoodness[c] as number;
        a = c;
      }
    return a < 0 ? null : { a, b: this.best[a] as number, goodness: top };
  }

  /**
   * After b merged into a: row a changed everywhere (its size did). In another row c only
   * columns a (new links, new size) and b (gone) changed, and only if c was linked to a or b.
   */
  merged(a: number, b: number): void {
    const { n, blocks, width, links, blockArg, blockMax, best, bestGoodness } = this;
    this.refreshRow(a);
    const blockA = Math.floor(a / width);
    const blockB = Math.floor(b / width);
    for (let c = 0; c < n; c++) {
      if (!this.alive[c] || c === a || (links[c * n + a] as number) <= 0) continue;
      const at = c * blocks;
      if (blockArg[at + blockB] === b) this.refreshBlock(c, blockB);
      const g = this.goodness(c, a);
      const held = blockArg[at + blockA] as number;
      const heldMax = blockMax[at + blockA] as number;
      if (held === a) {
        if (g >= heldMax) blockMax[at + blockA] = g;
        else this.refreshBlock(c, blockA);
      } else if (g > heldMax || (g === heldMax && a < held)) {
        blockMax[at + blockA] = g;
        blockArg[at + blockA] = a;
      }
      const bc = best[c] as number;
      if (bc === a || bc === b) this.refreshBest(c);
      else if (g > (bestGoodness[c] as number) || (g === bestGoodness[c] && a < bc)) {
        best[c] = a;
        bestGoodness[c] = g;
      }
    }
  }

  private refreshBlock(c: number, block: number): void {
    const { n, width, links } = this;
    let arg = -1;
    let top = -Infinity;
    const end = Math.min(n, (block + 1) * width);
    for (let x = block * width; x < end; x++) {
      if (x === c || !this.alive[x] || (links[c * n + x] as number) <= 0) continue;
      const g = this.goodness(c, x);
      if (g > top) {
        top = g;
        arg = x;
      }
    }
    this.blockMax[c * this.blocks + block] = top;
    this.blockArg[c * this.blocks + block] = arg;
  }

  private refreshBest(c: number): void {
    let arg = -1;
    let top = -Infinity;
    for (let block = 0; block < this.blocks; block++) {
      const g = this.blockMax[c * this.blocks + block] as number;
      if (g > top) {
        top = g;
        arg = this.blockArg[c * this.blocks + block] as number;
      }
    }
    this.best[c] = arg;
    this.bestGoodness[c] = top;
  }

  private refreshRow(c: number): void {
    for (let block = 0; block < this.blocks; block++) this.refreshBlock(c, block);
    this.refreshBest(c);
  }
}
