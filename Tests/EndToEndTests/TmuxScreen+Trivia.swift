import ProcessSpawn

extension TmuxScreen {
  /// `trivia arguments` as the target built it.
  convenience init(_ arguments: [String], environment: [String: String], columns: Int, rows: Int = 30) throws {
    try self.init(arguments, environment: environment, columns: columns, rows: rows, executable: TriviaBinary.path)
  }
}
