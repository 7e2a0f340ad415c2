#if Night
  /// Why a run could not be measured, in one sentence.
  struct LoadFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
  }
#endif
