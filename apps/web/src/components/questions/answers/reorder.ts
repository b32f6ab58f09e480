/** The order with the item at `from` moved to `to`. */
export function moveItem<T>(order: readonly T[], from: number, to: number): T[] {
  const next = [...order];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

export interface VerticalBox {
  top: number;
  height: number;
}

/**
 * Where the item dragged from `from` belongs when the pointer is at `y`: past an item once the
 * pointer crosses that item's middle. The middle rule keeps items of different heights from
 * swapping back and forth under a still pointer.
 */
export function dropIndex(boxes: readonly VerticalBox[], from: number, y: number): number {
  let to = from;
  boxes.forEach((box, i) => {
    const middle = box.top + box.height / 2;
    if (i > from && y > middle) to = i;
  });
  if (to !== from) return to;
  for (let i = 0; i < from; i++) {
    const box = boxes[i]!;
    if (y < box.top + box.height / 2) return i;
  }
  return from;
}
