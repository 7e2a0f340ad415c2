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
  static func read(_ path: String, limit: Int) throws(DataSourceError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
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
}
