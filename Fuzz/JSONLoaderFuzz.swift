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
  // A question may leave its level out (it plays under Mixed).
  let plain: Result<QuestionBank, DataSourceError>
  do {
    let bank = try QuestionFileFormat.decode(bytes, name: "fuzz.json")
    QuestionInvariants.check(bank, requireDifficulty: false, trimmed: true)
    plain = .success(bank)
  } catch {
    QuestionInvariants.check(error, name: "fuzz.json")
    plain = .failure(error)
  }
  // `trivia check` reads with locations: the same questions, each with a place in the file.
  let lines = bytes.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
  do {
    let located = try QuestionFileFormat.decode(bytes, name: "fuzz.json", locating: true)
    guard case .success(let bank) = plain else { preconditionFailure("only a located read succeeded") }
    require(located.questions == bank.questions, "a located read gave other questions")
    require(located.skipped.map(\.description) == bank.skipped.map(\.description), "a located read skipped others")
    require(located.locations.count == located.questions.count, "a question without a location")
    for place in located.locations.map(\.start) + located.skipped.compactMap(\.position) {
      require(place.line >= 1 && place.line <= lines && (place.column ?? 1) >= 1, "a location outside the file: \(place)")
    }
  } catch {
    guard case .failure(let other) = plain else { preconditionFailure("only a plain read succeeded") }
    // The same reason; the place may say a column more.
    require(error.reason == other.reason, "a located read failed otherwise: \(error.message)")
  }
  return 0
}
