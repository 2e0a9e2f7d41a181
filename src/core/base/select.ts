/**
 * The k-th smallest (1-based) of the first `length` entries of `a`, by quickselect (Hoare's
 * partition), reordering them: LOF's k-distances and the neighbour search's recall both need it.
 */
export function kthSmallest(a: Float64Array, length: number, k: number): number {
  let lo = 0;
  let hi = length - 1;
  const target = k - 1;
  while (lo < hi) {
    const pivot = a[(lo + hi) >> 1] as number;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while ((a[i] as number) < pivot) i++;
      while ((a[j] as number) > pivot) j--;
      if (i <= j) {
        const t = a[i] as number;
        a[i++] = a[j] as number;
        a[j--] = t;
      }
    }
    if (target <= j) hi = j;
    else if (target >= i) lo = i;
    else return a[target] as number;
  }
  return a[target] as number;
}
