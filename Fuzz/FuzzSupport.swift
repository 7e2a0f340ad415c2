/// What every fuzz target shares; Fuzz/run.sh compiles it into each.

/// Stops the run with `message` when `condition` is false. Unlike `precondition`, whose
/// message an optimized build drops, the message reaches libFuzzer's log.
func require(
  _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID,
  line: UInt = #line
) {
  if !condition() { fatalError(message(), file: file, line: line) }
}

/// The fuzzer's bytes as an array; `data` may be null when `size` is 0.
func fuzzBytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
  guard let data, size > 0 else { return [] }
  return Array(UnsafeBufferPointer(start: data, count: size))
}

/// The fuzzer's bytes as text, invalid UTF-8 replaced.
func fuzzText(_ data: UnsafePointer<UInt8>?, _ size: Int) -> String {
  String(decoding: fuzzBytes(data, size), as: UTF8.self)
}
