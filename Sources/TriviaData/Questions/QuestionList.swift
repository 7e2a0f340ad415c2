/// Questions packed into buffers of UTF-8 text and a small record each.
///
/// A bank of 50,000 questions held as `[Question]` costs a quarter of a million strings
/// and arrays: allocations to make, reference counts to keep, memory to touch. Packed, it
/// costs two arrays, and a `Question` is made only when one is read, which a game does ten
/// at a time. Difficulty and category are read without making one. Lists read at once on
/// several threads are joined without copying: each keeps its buffers as a chunk.
public struct QuestionList: RandomAccessCollection, Equatable, Sendable, ExpressibleByArrayLiteral {
  private var chunks: [QuestionChunk] = []
  /// The index of each chunk's first question, and the count after the last.
  private var chunkStarts: [Int] = [0]

  public init() {}

  public init(_ questions: some Sequence<Question>) {
    for question in questions { append(question) }
  }

  public init(arrayLiteral questions: Question...) {
    self.init(questions)
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { chunkStarts[chunkStarts.count - 1] }

  public subscript(index: Int) -> Question {
    let (chunk, local) = locate(index)
    return chunks[chunk].question(at: local)
  }

  /// The difficulty of the question at `index`, without making the question.
  public func difficulty(at index: Int) -> Difficulty? {
    let (chunk, local) = locate(index)
    return chunks[chunk].difficulty(at: local)
  }

  /// The category of the question at `index`, without making the question.
  public func category(at index: Int) -> String {
    let (chunk, local) = locate(index)
    return chunks[chunk].category(at: local)
  }

  /// The `QuestionID` of the question at `index`, without making the question.
  public func questionID(at index: Int) -> Int64 {
    let (chunk, local) = locate(index)
    return chunks[chunk].questionID(at: local)
  }

  /// Every question's `QuestionID`, in order: what a deal around a player's history needs of
  /// each question, made once for a bank rather than at each deal.
  public func questionIDs() -> [Int64] {
    var ids: [Int64] = []
    ids.reserveCapacity(count)
    for chunk in chunks { chunk.appendQuestionIDs(to: &ids) }
    return ids
  }

  /// Whether `other` is this list, sharing its storage: then the two are equal. Unlike `==`,
  /// which reads every question, this costs nothing; a false says only that they may differ.
  /// A list that was changed since has storage of its own.
  public func isIdentical(to other: QuestionList) -> Bool {
    chunks.count == other.chunks.count && zip(chunks, other.chunks).allSatisfy { $0.isIdentical(to: $1) }
  }

  /// How many questions there are in each category, in the order the categories first came.
  public var countsByCategory: [(category: String, count: Int)] {
    var order: [String] = []
    var counts: [String: Int] = [:]
    for chunk in chunks {
      for (name, count) in chunk.countsByCategory where count > 0 {
        if counts[name] == nil { order.append(name) }
        counts[name, default: 0] += count
      }
    }
    return order.map { ($0, counts[$0]!) }
  }

  /// How many questions there are of each difficulty; nil counts the ungraded ones.
  public var countsByDifficulty: [Difficulty?: Int] {
    chunks.reduce(into: [:]) { counts, chunk in chunk.countDifficulties(into: &counts) }
  }

  public mutating func reserveCapacity(_ count: Int) {
    withLastChunk { $0.reserve(questions: count, byteCount: 0) }
  }

  public mutating func append(_ question: Question) {
    withLastChunk { $0.append(question) }
  }

  /// Adds the questions of `other` after these; their buffers are shared, not copied.
  public mutating func append(contentsOf other: QuestionList) {
    for var chunk in other.chunks {
      chunk.isShared = true
      append(chunk)
    }
  }

  public static func += (list: inout QuestionList, other: QuestionList) {
    list.append(contentsOf: other)
  }

  public static func == (lhs: QuestionList, rhs: QuestionList) -> Bool {
    lhs.elementsEqual(rhs)
  }

  /// The chunk that holds question `index`, and the question's place in it.
  private func locate(_ index: Int) -> (chunk: Int, local: Int) {
    precondition(index >= 0 && index < endIndex, "QuestionList index \(index) is out of range 0..<\(endIndex)")
    if chunks.count == 1 { return (0, index) }
    // The last start not after `index`.
    var low = 0
    var high = chunks.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if chunkStarts[middle] <= index { low = middle } else { high = middle - 1 }
    }
    return (low, index - chunkStarts[low])
  }

  /// Changes the last chunk, the one that grows, and keeps the count.
  private mutating func withLastChunk<Result>(_ change: (inout QuestionChunk) -> Result) -> Result {
    if chunks.last?.isShared ?? true {
      chunks.append(QuestionChunk())
      chunkStarts.append(0)
    }
    let last = chunks.count - 1
    let result = change(&chunks[last])
    chunkStarts[last + 1] = chunkStarts[last] + chunks[last].count
    return result
  }
}

// MARK: Building without strings

extension QuestionList {
  /// Adds the questions of a chunk filled by a reader.
  mutating func append(_ chunk: QuestionChunk) {
    guard !chunk.isEmpty else { return }
    chunks.append(chunk)
    chunkStarts.append(endIndex + chunk.count)
  }
}
