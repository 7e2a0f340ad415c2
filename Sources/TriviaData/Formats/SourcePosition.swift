/// A place in a question file, numbered as editors number it: lines from 1, and columns from
/// 1 counting characters. Tools that point a person at a question (`trivia check`) need it;
/// the game itself never asks for it, so its loads do not pay for it.
public struct SourcePosition: Sendable, Hashable, Comparable, CustomStringConvertible {
  public var line: Int
  /// Nil where only the line is known.
  public var column: Int?

  public init(line: Int, column: Int? = nil) {
    self.line = line
    self.column = column
  }

  /// `line 3, column 5`, or `line 3`: how the loaders' messages name a place.
  public var description: String {
    column.map { "line \(line), column \($0)" } ?? "line \(line)"
  }

  public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
    (lhs.line, lhs.column ?? 0) < (rhs.line, rhs.column ?? 0)
  }
}
