/// A format that reads a whole file of questions. Each reads a buffer, which a folder's files
/// come in (`FileReader` reads them all into one); an array is read through its own buffer,
/// here once for every format.
public protocol QuestionDecoding {
  /// Reads a whole file; `locating` also keeps where each question is
  /// (`QuestionBank.locations`, `Skipped.position`), which tools need and the game does not.
  static func decode(
    _ bytes: UnsafeBufferPointer<UInt8>, name: String, locating: Bool
  ) throws(DataSourceError) -> QuestionBank
}

extension QuestionDecoding {
  /// Reads a whole file held in an array.
  public static func decode(_ bytes: [UInt8], name: String, locating: Bool = false) throws(DataSourceError)
    -> QuestionBank
  {
    try bytes.withUnsafeBufferPointer { bytes throws(DataSourceError) in
      try decode(bytes, name: name, locating: locating)
    }
  }
}
