/// libFuzzer target for deep links: `TriviaRoute(link:)` reads a route or gives a reason,
/// and every route it reads is within the game's limits.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTriviaRoute(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let link = fuzzText(data, size)
  let route: TriviaRoute
  do {
    route = try TriviaRoute(link: link)
  } catch {
    require(!error.message.isEmpty, "a refusal without a reason")
    return 0
  }
  if case .play(let request) = route, let count = request.count {
    require(GameOptions.countRange.contains(count), "count \(count) out of range")
  }
  return 0
}
