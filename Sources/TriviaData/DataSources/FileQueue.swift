import Synchronization

/// A folder's files handed out one at a time, the largest first, to the threads that read
/// them: a thread that starts late, or shares its core for a while, takes fewer files
/// instead of leaving the other idle at the end, as a split made in advance would.
final class FileQueue: Sendable {
  /// Indices into the folder's files, largest first.
  private let order: [Int]
  private let taken = Atomic(0)
  /// Whether a second thread is worth starting: a few small files read faster on one.
  let isWorthSharing: Bool

  init(_ files: [DirectoryDataSource.Entry]) {
    order = files.indices.sorted { files[$0].size > files[$1].size }
    isWorthSharing = files.count > 1 && files.reduce(0) { $0 + $1.size } >= 1 << 18
  }

  /// The next file to read, or nil when every file has been taken.
  func next() -> Int? {
    let position = taken.add(1, ordering: .relaxed).oldValue
    return position < order.count ? order[position] : nil
  }
}
