import FoundationEssentials
import Glibc

/// Questions in one file of any format `QuestionFormat` knows: the project's JSON, a saved
/// Open Trivia DB response, or OpenTriviaQA text. The format is told from the content.
public struct FileDataSource: DataSource {
  public let path: String
  /// Larger files are refused rather than read into memory.
  public static let maximumSize = 256 << 20

  public init(path: String) {
    self.path = path
  }

  public var name: String { path }

  public func load(_ request: LoadRequest) async throws(DataSourceError) -> QuestionBank {
    try QuestionFormat.decode(try FileReader.read(path, limit: Self.maximumSize), name: path)
  }
}

/// Reads a whole file with a size limit, turning failures into sentences.
enum FileReader {
  /// How long a named pipe may take to get a writer: `mkfifo p; cat q.json > p` is fine,
  /// a pipe nobody will write to is an error, not a hang.
  static let pipeWait = 30_000

  static func read(_ path: String, limit: Int, pipeWait: Int = pipeWait) throws(DataSourceError) -> [UInt8] {
    // Not blocking in open: a named pipe nobody writes to would wait there for ever.
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { throw DataSourceError("\(path): \(String(cString: strerror(errno)))") }
    defer { close(descriptor) }
    var info = stat()
    if fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
      throw DataSourceError("\(path): is a folder, expected a question file")
    }
    // /dev/zero and friends never end; a pipe may, and is read up to the limit.
    if [S_IFCHR, S_IFBLK, S_IFSOCK].contains(info.st_mode & S_IFMT) {
      throw DataSourceError("\(path): is a device, not a question file")
    }
    if (info.st_mode & S_IFMT) == S_IFIFO { try awaitWriter(descriptor, path: path, milliseconds: pipeWait) }
    // Reads wait for a writer's data again.
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    if fstat(descriptor, &info) == 0, Int(info.st_size) > limit {
      throw DataSourceError(
        "\(path): \(info.st_size) bytes is more than the \(limit >> 20) MB a question file may have")
    }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw DataSourceError("\(path): \(String(cString: strerror(errno)))")
      }
      if count == 0 { return bytes }
      guard bytes.count + count <= limit else {
        throw DataSourceError("\(path): more than the \(limit >> 20) MB a question file may have")
      }
      bytes.append(contentsOf: chunk[..<count])
    }
  }

  /// Waits until a pipe has something to read or its writer has come and gone, for at most
  /// `milliseconds`; a cancelled load stops waiting.
  static func awaitWriter(_ descriptor: Int32, path: String, milliseconds: Int) throws(DataSourceError) {
    var waited = 0
    while true {
      var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      let ready = poll(&request, 1, 100)
      if ready > 0 { return }
      if ready < 0, errno != EINTR { throw DataSourceError("\(path): \(String(cString: strerror(errno)))") }
      if Task.isCancelled { throw DataSourceError("Loading from \(path) was cancelled.") }
      waited += 100
      guard waited < milliseconds else {
        let limit = URLDataSource.secondsText(Double(milliseconds) / 1000)
        throw DataSourceError("\(path): is a pipe, and nothing was written to it within \(limit)")
      }
    }
  }
}
