/// A value read back from the history, checked as a question file's fields are: the file is
/// the player's, and another program may have written any number into it. A value out of
/// range is damage (the file is moved aside, and a new history begins), never a number the
/// game does arithmetic on: a negative count or a right answer past the answers would trap.
enum StoredValue {
  /// The largest count or score one field may hold: more than a lifetime of play, and small
  /// enough that a million of them add up without overflowing.
  static let largestCount: Int64 = 1 << 40
  /// The most seconds one field may hold: an answer's time, or all of them added up.
  static let largestSeconds = 1e12

  /// A count: a whole number from 0 to `limit` (a real that is one too, as `total()` gives).
  static func count(
    _ value: SQLiteDatabase.Value, _ field: String, atMost limit: Int64 = largestCount, in database: SQLiteDatabase
  ) throws(SQLiteDatabase.Failure) -> Int {
    let number: Int64? =
      switch value {
      case .integer(let number): number
      case .real(let number) where number.rounded() == number && abs(number) <= Double(largestCount): Int64(number)
      default: nil
      }
    guard let number, (0...max(0, limit)).contains(number) else {
      throw database.damaged("\(field) is \(value.shown), not a count from 0 to \(max(0, limit))")
    }
    return Int(number)
  }

  /// Seconds: a finite number from 0 to `largestSeconds`.
  static func seconds(_ value: SQLiteDatabase.Value, _ field: String, in database: SQLiteDatabase)
    throws(SQLiteDatabase.Failure) -> Double
  {
    guard let number = value.number, (0...largestSeconds).contains(number) else {
      throw database.damaged("\(field) is \(value.shown), not a number of seconds")
    }
    return number
  }

  /// A yes or no, kept as 0 or 1.
  static func flag(_ value: SQLiteDatabase.Value, _ field: String, in database: SQLiteDatabase)
    throws(SQLiteDatabase.Failure) -> Bool
  {
    guard let number = value.integer, number == 0 || number == 1 else {
      throw database.damaged("\(field) is \(value.shown), not 0 or 1")
    }
    return number == 1
  }

  /// A row's id: a whole number from 1.
  static func id(_ value: SQLiteDatabase.Value, _ field: String, in database: SQLiteDatabase)
    throws(SQLiteDatabase.Failure) -> Int64
  {
    guard let number = value.integer, number >= 1 else {
      throw database.damaged("\(field) is \(value.shown), not an id")
    }
    return number
  }

  /// Text where text is kept.
  static func text(_ value: SQLiteDatabase.Value, _ field: String, in database: SQLiteDatabase)
    throws(SQLiteDatabase.Failure) -> String
  {
    guard let text = value.text else { throw database.damaged("\(field) is \(value.shown), not text") }
    return text
  }
}

extension SQLiteDatabase.Value {
  /// As the sentence that names a value out of range shows it.
  var shown: String {
    switch self {
    case .null: "NULL"
    case .integer(let number): String(number)
    case .real(let number): String(number)
    case .text(let text): "'\(text.prefix(40))'"
    }
  }
}
