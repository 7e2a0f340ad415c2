/// libFuzzer target for the files the game keeps about its player: the saved round and the
/// options. Whatever the bytes, decoding gives a value the game could have made or a reason;
/// a saved round that decodes can be played to its end without trapping.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKeptFiles(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = fuzzBytes(data, size)
  switch GameOptions.decode(bytes) {
  case .success(let options):
    require(GameOptions.countRange.contains(options.questionCount), "count \(options.questionCount)")
    require(options.timeLimit.map(GameOptions.allowsTime) != false, "time \(String(describing: options.timeLimit))")
  case .failure(let problem): require(!problem.reason.isEmpty, "an options refusal without a reason")
  }
  switch SavedSession.decode(bytes) {
  case .success(let session):
    // Every question answered, first and last choice in turn, as a player could.
    var round = session.round
    var choice = 0
    while !round.isOver {
      if !round.isAwaitingNext, let current = round.current {
        _ = round.answer(choice % 2 == 0 ? 0 : current.answers.count - 1)
        choice += 1
      }
      round.advance()
    }
    require(round.score <= round.total, "score \(round.score) of \(round.total)")
  case .failure(let problem): require(!problem.reason.isEmpty, "a session refusal without a reason")
  }
  return 0
}
