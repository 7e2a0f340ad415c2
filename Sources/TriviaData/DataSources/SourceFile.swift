import Glibc

/// One file of questions as a tool reads it (`trivia check`): the game's own readers, with
/// where each question is, one file at a time, so that what is found can be told by
/// `file:line:column`. A folder is read as `--source FOLDER` reads it, file by file.
public struct SourceFile: Sendable {
  /// What reading the file gave.
  public enum Content: Sendable {
    /// Its questions (located), and those it skipped.
    case questions(QuestionBank)
    /// Why the game would refuse the file.
    case refused(DataSourceError)
    /// A file in a folder that holds no questions at all (a README, a LICENSE): a folder
    /// source passes over it, and so does a tool.
    case notQuestions
  }

  public var path: String
  /// The format it was read as; nil when it is none.
  public var format: QuestionFormat?
  public var content: Content
  /// Bytes that are not UTF-8 and control characters, where they are written.
  public var textFaults: [TextFault] = []

  /// The question files `path` names: the file itself, or each file in a folder in the order
  /// a folder source reads them, each decoded with locations. Throws only when `path` is
  /// neither (it does not exist, say).
  public static func read(_ path: String) throws(DataSourceError) -> [SourceFile] {
    var info = stat()
    guard stat(path, &info) == 0 else { throw FileReader.failure(path) }
    var reader = FileReader()
    defer { reader.deallocate() }
    guard (info.st_mode & S_IFMT) == S_IFDIR else { return [read(path, category: nil, inFolder: false, &reader)] }
    return try DirectoryDataSource.list(path).map { entry in
      read(entry.path, category: OpenTriviaQAFormat.category(forFileName: entry.name), inFolder: true, &reader)
    }
  }

  private static func read(
    _ path: String, category: String?, inFolder: Bool, _ reader: inout FileReader
  ) -> SourceFile {
    var format: QuestionFormat?
    var faults: [TextFault] = []
    do throws(DataSourceError) {
      let bytes = try reader.read(path, limit: FileDataSource.maximumSize)
      format = QuestionFormat.detect(bytes)
      guard let format else {
        if inFolder { return SourceFile(path: path, format: nil, content: .notQuestions) }
        throw DataSourceError(file: path, reason: QuestionFormat.notAQuestionFile)
      }
      // A workbook is a ZIP: its text is inside, compressed.
      faults = format == .xlsx ? [] : TextFault.find(in: bytes)
      let bank = try format.decode(bytes, name: path, category: category, locating: true)
      return SourceFile(path: path, format: format, content: .questions(bank), textFaults: faults)
    } catch {
      return SourceFile(path: path, format: format, content: .refused(error), textFaults: faults)
    }
  }
}
