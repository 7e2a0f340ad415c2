import Glibc

/// Reads whole files, with a size limit, into memory it keeps, and turns failures into
/// sentences. A folder's files go one after another through one reader, which reuses its
/// memory; a file named on its own may also be a named pipe, whose writer it waits for, or
/// a device, which it refuses.
struct FileReader {
  /// How long a named pipe may take to get a writer: `mkfifo p; cat q.json > p` is fine,
  /// a pipe nobody will write to is an error, not a hang.
  static let pipeWait = 30_000
  /// How long a pipe's writer may stay silent once it has begun: a writer that stalls
  /// mid-file is an error, not a load that never ends.
  static let pipeSilence = 10_000

  private var base: UnsafeMutableRawPointer?
  private var capacity = 0

  /// Reads the file at `path`, replacing what the reader held; the bytes stay valid until
  /// the next read, or `deallocate()`.
  mutating func read(
    _ path: String, limit: Int, pipeWait: Int = pipeWait
  ) throws(DataSourceError) -> UnsafeBufferPointer<UInt8> {
    // Not blocking in open: a named pipe nobody writes to would wait there for ever.
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { throw Self.failure(path) }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw Self.failure(path) }
    switch info.st_mode & S_IFMT {
    case S_IFDIR: throw DataSourceError(file: path, reason: "is a folder, expected a question file")
    // /dev/zero and friends never end; a pipe may, and is read up to the limit.
    case S_IFCHR, S_IFBLK, S_IFSOCK: throw DataSourceError(file: path, reason: "is a device, not a question file")
    case S_IFIFO: try Self.awaitWriter(descriptor, path: path, milliseconds: pipeWait)
    default:
      // A file's reads do not wait (a slow disk aside); a pipe's stay non-blocking and
      // wait in `awaitWriter`, where a cancelled load stops them.
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    }
    let isPipe = info.st_mode & S_IFMT == S_IFIFO
    guard Int(info.st_size) <= limit else {
      throw DataSourceError(
        file: path, reason: "\(info.st_size) bytes is more than the \(limit >> 20) MB a question file may have")
    }
    // One byte more than the size, to notice a file that grew; a pipe's size is 0.
    reserve(max(Int(info.st_size) + 1, 1 << 16))
    var count = 0
    while true {
      if count == capacity { reserve(capacity * 2, keeping: count) }
      let got = Glibc.read(descriptor, base! + count, capacity - count)
      if got < 0 {
        if errno == EINTR { continue }
        if isPipe, errno == EAGAIN {
          try Self.awaitWriter(descriptor, path: path, milliseconds: Self.pipeSilence, stalled: true)
          continue
        }
        throw Self.failure(path)
      }
      if got == 0 { break }
      count += got
      guard count <= limit else {
        throw DataSourceError(file: path, reason: "more than the \(limit >> 20) MB a question file may have")
      }
    }
    return UnsafeBufferPointer(start: base!.assumingMemoryBound(to: UInt8.self), count: count)
  }

  /// Makes room for `size` bytes, keeping the first `kept`.
  mutating func reserve(_ size: Int, keeping kept: Int = 0) {
    guard size > capacity else { return }
    let newBase = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
    if let base {
      newBase.copyMemory(from: base, byteCount: kept)
      base.deallocate()
    }
    base = newBase
    capacity = size
  }

  func deallocate() { base?.deallocate() }

  static func failure(_ path: String) -> DataSourceError {
    DataSourceError(file: path, reason: String(cString: strerror(errno)))
  }

  /// Waits until a pipe has something to read or its writer has come and gone, for at most
  /// `milliseconds`; a cancelled load stops waiting.
  static func awaitWriter(
    _ descriptor: Int32, path: String, milliseconds: Int, stalled: Bool = false
  ) throws(DataSourceError) {
    var waited = 0
    while true {
      var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      let ready = poll(&request, 1, 50)
      if ready > 0 { return }
      if ready < 0, errno != EINTR { throw failure(path) }
      if Task.isCancelled { throw .cancelled(loading: path) }
      waited += 50
      guard waited < milliseconds else {
        let limit = URLDataSource.secondsText(Double(milliseconds) / 1000)
        throw DataSourceError(
          file: path,
          reason: stalled
            ? "is a pipe whose writer stopped sending for \(limit)"
            : "is a pipe, and nothing was written to it within \(limit)")
      }
    }
  }
}
