/// libFuzzer target for deep links: `TriviaRoute(link:)`, and for every link it accepts,
/// the promise that `route.link` reads back as the same route.
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
  let written = route.link
  do {
    let again = try TriviaRoute(link: written)
    require(again == route, "\(link.debugDescription) -> \(route) -> \(written) -> \(again)")
  } catch {
    fatalError("\(link.debugDescription) -> \(route) -> \(written), refused: \(error.message)")
  }
  return 0
}
