/// The scheduler's queue: what happens next, earliest first, ties in the order scheduled.
struct MinHeap<Element> {
  private var items: [(key: (Int, Int), value: Element)] = []

  var isEmpty: Bool { items.isEmpty }
  var count: Int { items.count }

  mutating func push(_ value: Element, key: (Int, Int)) {
    items.append((key, value))
    var child = items.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard items[child].key < items[parent].key else { break }
      items.swapAt(child, parent)
      child = parent
    }
  }

  mutating func pop() -> (key: (Int, Int), value: Element)? {
    guard !items.isEmpty else { return nil }
    items.swapAt(0, items.count - 1)
    let top = items.removeLast()
    var parent = 0
    while true {
      let left = 2 * parent + 1
      let right = left + 1
      var smallest = parent
      if left < items.count, items[left].key < items[smallest].key { smallest = left }
      if right < items.count, items[right].key < items[smallest].key { smallest = right }
      guard smallest != parent else { break }
      items.swapAt(parent, smallest)
      parent = smallest
    }
    return top
  }
}
