import FixtureFolders
import Testing

@testable import TriviaData

/// Inputs the data fuzz targets (Fuzz/*Fuzz.swift) found, each kept as it was found, with
/// the neighbours that fail the same way.
@Suite("Data fuzzing regressions")
struct FuzzRegressionTests {
  /// Found by the otqa target: a block after a group separator (0x1D), which the
  /// OpenTriviaQA reader, like Python's `splitlines`, takes for a line break. Detection only
  /// knew LF and CR, so the file was refused as "not a question file" although the reader
  /// finds a question in it.
  static let groupSeparatorBlock: [UInt8] = [
    0x1D, 0x23, 0x51, 0x13, 0x0A, 0x5E, 0x20, 0x78, 0x0A, 0x41, 0x20, 0x78, 0x0A, 0x42, 0x20, 0x26,
  ]

  @Test func aBlockAfterAGroupSeparatorIsDetectedAsOpenTriviaQA() throws {
    let bytes = Self.groupSeparatorBlock
    let read = try OpenTriviaQAFormat.decode(bytes, name: "f")
    #expect(read.questions.map(\.correctAnswer) == ["x"])
    #expect(QuestionFormat.detect(bytes: bytes) == .openTriviaQA)
    #expect(try QuestionFormat.decode(bytes, name: "f") == read)
  }

  /// Every line break the reader knows, between some text and a block.
  @Test(
    arguments: [
      [0x0B], [0x0C], [0x0D], [0x1C], [0x1D], [0x1E], [0xC2, 0x85], [0xE2, 0x80, 0xA8], [0xE2, 0x80, 0xA9],
    ] as [[UInt8]])
  func aBlockAfterAnyLineBreakIsDetected(lineBreak: [UInt8]) throws {
    let bytes = Array("Notes".utf8) + lineBreak + Array("#Q Gold?\n^ Au\nA Au\nB Ag\n".utf8)
    #expect(try OpenTriviaQAFormat.decode(bytes, name: "f").questions.count == 1)
    #expect(QuestionFormat.detect(bytes: bytes) == .openTriviaQA)
  }

  @Test func aBlockAfterSeveralByteOrderMarksIsDetected() throws {
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + Array("#Q Gold?\n^ Au\nA Au\nB Ag\n".utf8)
    #expect(try OpenTriviaQAFormat.decode(bytes, name: "f").questions.count == 1)
    #expect(QuestionFormat.detect(bytes: bytes) == .openTriviaQA)
  }

  /// Bytes that only look like those breaks are not taken for one.
  @Test func partsOfOtherCharactersAreNoLineBreak() {
    for bytes: [UInt8] in [[0x85], [0xA8], [0x80, 0xA8], [0xE2, 0x81, 0xA9], [0xC3, 0x85]] {
      #expect(QuestionFormat.detect(bytes: Array("Notes".utf8) + bytes + Array("#Q Gold?".utf8)) == nil)
    }
  }

  @Test func aFileOfSuchBlocksLoads() async throws {
    let folder = try TemporaryFolder()
    let path = try folder.write("separated.txt", Self.groupSeparatorBlock)
    let bank = try await FileDataSource(path: path).load(LoadRequest(count: 10, difficulty: .mixed))
    #expect(bank.questions.count == 1)
  }
}
