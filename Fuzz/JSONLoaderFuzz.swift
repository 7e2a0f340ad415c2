/// libFuzzer target for the project's question files: `JSON.parse` and
/// `QuestionFileFormat.decode`, plain and locating (as `trivia check` reads), plus
/// `QuestionFormat.detect` on the same bytes.
/// Fuzz/run.sh compiles it into one module with the TriviaData sources it needs.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONLoader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = fuzzBytes(data, size)
  _ = QuestionFormat.detect(bytes: bytes)
  do {
    _ = try JSON.parse(bytes)
  } catch {
    let lines = bytes.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
    require(error.line >= 1 && error.line <= lines, "syntax error on line \(error.line) of \(lines)")
    require(error.column >= 1 && error.column <= bytes.count + 1, "syntax error at column \(error.column)")
    require(!error.message.isEmpty, "a syntax error without a message")
  }
  // A question may leave its level out (it plays under Mixed); `trivia check` reads with
  // locations, which must give the same questions, each with a place in the file.
  _ = QuestionInvariants.readBoth(QuestionFileFormat.self, bytes, name: "fuzz.json", trimmed: true)
  return 0
}
