// The memory the OpenTriviaQA reader keeps a block in while it reads.
//
// Why unsafe: the reader handles every byte of 47,175 questions on each folder load, and
// `Array` would check uniqueness and bounds, and retain and release, on each of those
// appends; these are plain pointers instead, and a field the file holds unchanged is
// borrowed from the file rather than copied.
//
// What keeps them safe: only the reader (`OpenTriviaQAFormat.decode`) makes them, keeps
// them in one value on one thread, never hands them out, and frees them once, when it is
// done (`defer`). A `TextSpan` borrows the file's bytes only while `decode` has them, and
// refers to text in the reader's own buffer by offset, not by pointer, since that buffer
// moves as it grows; its pointer is made only once the block is whole (`text(in:)`), and
// used before the buffer changes again.

/// Plain values in memory this code allocates and frees itself: no uniqueness checks, no
/// copies, nothing to release. Copying one shares its memory: it has one owner.
struct PlainBuffer<Element: BitwiseCopyable> {
  private(set) var base: UnsafeMutablePointer<Element>
  private(set) var count = 0
  private var capacity: Int

  init(capacity: Int) {
    self.capacity = capacity
    base = .allocate(capacity: capacity)
  }

  var elements: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }
  var isEmpty: Bool { count == 0 }

  subscript(index: Int) -> Element {
    get { base[index] }
    set { base[index] = newValue }
  }

  mutating func removeAll() { count = 0 }

  @inline(__always)
  mutating func append(_ elements: UnsafeBufferPointer<Element>) {
    reserve(elements.count)
    if let source = elements.baseAddress { (base + count).update(from: source, count: elements.count) }
    count += elements.count
  }

  @inline(__always)
  mutating func append(_ element: Element) {
    reserve(1)
    base[count] = element
    count += 1
  }

  @inline(__always)
  private mutating func reserve(_ extra: Int) {
    if count + extra > capacity { grow(extra) }
  }

  @inline(never)
  private mutating func grow(_ extra: Int) {
    let newCapacity = max(capacity * 2, count + extra)
    let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
    newBase.update(from: base, count: count)
    base.deallocate()
    base = newBase
    capacity = newCapacity
  }

  func deallocate() { base.deallocate() }

  /// Appends a copy of `count` elements of its own, from `start`.
  mutating func appendCopy(from start: Int, count copied: Int) {
    reserve(copied)
    (base + count).update(from: base + start, count: copied)
    count += copied
  }
}

typealias ByteBuffer = PlainBuffer<UInt8>

extension ByteBuffer: UTF8Sink {}

/// Where a field's text is: in the file, or in the reader's own buffer, which may move as
/// it grows.
struct TextSpan {
  /// The text in the file; nil when it is in the reader's buffer, at `start`.
  var borrowed: UnsafePointer<UInt8>?
  var start = 0
  var count = 0

  /// The text; valid until `own` next grows.
  func text(in own: ByteBuffer) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: borrowed ?? UnsafePointer(own.base + start), count: count)
  }
}
