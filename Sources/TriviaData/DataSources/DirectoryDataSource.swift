import Glibc
import NumberWords

/// Every question file in a folder, merged into one bank.
///
/// Reads each regular file directly in the folder, in name order, whatever its format
/// (`QuestionFormat`); hidden files (`.name`) and subfolders are passed over. A file that
/// is not a question file, such as a README or a LICENSE, or that cannot be read, is listed
/// in the bank's `filesIgnored` with the reason, and the others still load. Questions from
/// OpenTriviaQA files take the file's name as their category.
public struct DirectoryDataSource: DataSource {
  public let path: String

  public init(path: String) {
    self.path = path
  }

  public var name: String { path.hasSuffix("/") ? path : path + "/" }

  public func load(_ request: LoadRequest) async throws(DataSourceError) -> QuestionBank {
    try await Self.load(path: path)
  }

  /// A file to read: its name in the folder, its path, its size.
  struct Entry: Sendable {
    var name: String
    var path: String
    var size: Int
  }

  /// Reads the folder on two threads, each file whole on one of them, and joins what
  /// they read in name order (without copying: see `QuestionList`).
  static func load(path: String) async throws(DataSourceError) -> QuestionBank {
    let files = try list(path)
    let queue = FileQueue(files)
    async let other = queue.isWorthSharing ? read(files, queue) : []
    var parts = read(files, queue)
    parts += await other
    parts.sort { $0.index < $1.index }
    var bank = QuestionBank(questions: [])
    for (_, part) in parts {
      bank.questions += part.questions
      bank.skipped += part.skipped
      bank.filesIgnored += part.filesIgnored
      bank.filesRead += part.filesRead
      bank.formats.formUnion(part.formats)
      bank.licence = bank.licence ?? part.licence
    }
    if Task.isCancelled { throw .cancelled(loading: path) }
    guard !bank.questions.isEmpty else {
      let detail = bank.filesIgnored.prefix(3).map(\.description).joined(separator: "; ")
      let count = bank.filesIgnored.count
      throw DataSourceError(
        count == 0
          ? "\(path): the folder has no question files"
          : "\(path): no questions in \(NumberText.counted(count, "file")) (\(detail))")
    }
    return bank
  }

  /// The regular, not hidden, files in the folder, in name order (by bytes).
  static func list(_ path: String) throws(DataSourceError) -> [Entry] {
    // readdir rather than FileManager: plain C, and it wakes none of Foundation's machinery.
    guard let folder = opendir(path) else { throw DataSourceError(file: path, reason: Self.reason(errno)) }
    defer { closedir(folder) }
    var names: [String] = []
    while let entry = readdir(folder) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if !name.hasPrefix(".") { names.append(name) }
    }
    let prefix = path.hasSuffix("/") ? path : path + "/"
    var files: [Entry] = []
    for name in names.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
      var info = stat()
      guard stat(prefix + name, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
      files.append(Entry(name: name, path: prefix + name, size: Int(info.st_size)))
    }
    return files
  }

  /// Reads the files `queue` hands out until it has none left, each into a bank of its own.
  static func read(_ files: [Entry], _ queue: FileQueue) -> [(index: Int, bank: QuestionBank)] {
    var reader = FileReader()
    defer { reader.deallocate() }
    // Room for the largest file at once: each new buffer is memory to fault in again.
    reader.reserve(min(files.map(\.size).max() ?? 0, FileDataSource.maximumSize) + 1)
    var parts: [(index: Int, bank: QuestionBank)] = []
    // A cancelled load (Ctrl-C) stops between files; the caller reports it.
    while !Task.isCancelled, let index = queue.next() {
      let file = files[index]
      var bank = QuestionBank(questions: [])
      do {
        let bytes = try reader.read(file.path, limit: FileDataSource.maximumSize)
        if let format = QuestionFormat.detect(bytes) {
          try Self.append(bytes, format: format, name: file.path, category: file.name, to: &bank)
          bank.filesRead = 1
        } else {
          if LicenceFile.isLicence(file.name) { bank.licence = LicenceFile(file: file.name, bytes: bytes) }
          bank.filesIgnored.append(
            .init(location: file.name, reason: QuestionFormat.notAQuestionFile, isNotQuestionFile: true))
        }
      } catch {
        bank.filesIgnored.append(.init(location: file.name, reason: Self.withoutPrefix(error.message, file.path)))
      }
      parts.append((index, bank))
    }
    return parts
  }

  /// Decodes one file into `bank`, the file's own and empty until now. Blocks skipped in an
  /// OpenTriviaQA file without a usable one stay listed.
  static func append(
    _ bytes: UnsafeBufferPointer<UInt8>, format: QuestionFormat, name: String, category: String,
    to bank: inout QuestionBank
  ) throws(DataSourceError) {
    guard format == .openTriviaQA else {
      let decoded = try format.decode(bytes, name: name)
      bank.questions += decoded.questions
      bank.skipped += decoded.skipped
      bank.formats.formUnion(decoded.formats)
      return
    }
    OpenTriviaQAFormat.decode(
      bytes, name: name, category: OpenTriviaQAFormat.category(forFileName: category), into: &bank)
    try bank.requireQuestions(from: name)
  }

  /// `message` without a leading `path: ` or `path, `, since the location names the file.
  static func withoutPrefix(_ message: String, _ path: String) -> String {
    for separator in [": ", ", "] where message.hasPrefix(path + separator) {
      return String(message.dropFirst(path.count + separator.count))
    }
    return message
  }

  /// Why a folder could not be opened.
  static func reason(_ code: Int32) -> String {
    code == ENOTDIR ? "not a folder" : String(cString: strerror(code))
  }
}
