/** Index of the first element >= value in an ascending array. */
export function lowerBound(ids: readonly number[], value: number): number {
  let low = 0;
  let high = ids.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((ids[middle] as number) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Returns a new ascending array with `value` added, or the same array when it is already present. */
export function insertSorted(ids: readonly number[], value: number): number[] {
  const index = lowerBound(ids, value);
  if (ids[index] === value) return ids as number[];
  if (index === ids.length) return [...ids, value];
  return [...ids.slice(0, index), value, ...ids.slice(index)];
}

/** Returns a new array without `value`, or the same array when it is absent. */
export function removeSorted(ids: readonly number[], value: number): number[] {
  const index = lowerBound(ids, value);
  if (ids[index] !== value) return ids as number[];
  return [...ids.slice(0, index), ...ids.slice(index + 1)];
}
