import CSQLite
import Foundation
import Testing

@testable import TriviaHistory

/// No statement on the history runs unbounded: SQLite's progress handler cuts one past its
/// budget, or one running when the player asks the game to stop.
@Suite("Statements cut short")
struct StatementWatchTests {
  static let endless =
    "SELECT count(*) FROM (WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT x FROM c)"

  /// How long `body` took, and the failure it threw.
  static func timed(_ body: () throws(SQLiteDatabase.Failure) -> Void) -> (Duration, SQLiteDatabase.Failure?) {
    let started = ContinuousClock.now
    do throws(SQLiteDatabase.Failure) {
      try body()
      return (ContinuousClock.now - started, nil)
    } catch {
      return (ContinuousClock.now - started, error)
    }
  }

  @Test func aStatementPastItsBudgetIsCut() throws {
    let database = try SQLiteDatabase(path: ":memory:", budget: .milliseconds(300))
    let (took, failure) = Self.timed { () throws(SQLiteDatabase.Failure) in try database.query(Self.endless) }
    #expect(failure?.code == SQLITE_INTERRUPT)
    #expect(failure?.description.contains("took more than") == true, "\(String(describing: failure))")
    #expect(took >= .milliseconds(300) && took < .seconds(1), "\(took)")
    // The connection goes on: the next statement runs.
    #expect(try database.execute(returning: "SELECT 7") == 7)
  }

  @Test func aStopAskedForCutsARunningStatementWithin100ms() throws {
    let asked = ContinuousClock.now + .milliseconds(300)
    let database = try SQLiteDatabase(path: ":memory:") { ContinuousClock.now >= asked }
    let (_, failure) = Self.timed { () throws(SQLiteDatabase.Failure) in try database.execute(Self.endless) }
    let late = ContinuousClock.now - asked
    #expect(failure?.code == SQLITE_INTERRUPT)
    #expect(failure?.description.contains("was stopped") == true, "\(String(describing: failure))")
    #expect(late < .milliseconds(100), "\(late)")
  }

  @Test func aQuickStatementFinishesThoughAStopIsAskedFor() throws {
    let database = try SQLiteDatabase(path: ":memory:") { true }
    try database.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1)")
    #expect(try database.query("SELECT x FROM t") == [[.integer(1)]])
  }

  @Test func foreignSchemaObjectsAreNamed() throws {
    let database = try SQLiteDatabase(path: ":memory:")
    for migration in HistorySchema.migrations { try database.execute(migration) }
    try HistorySchema.check(database, version: HistorySchema.version)
    try database.execute("CREATE TRIGGER t AFTER INSERT ON rounds BEGIN SELECT 1; END")
    #expect(throws: HistorySchema.Foreign.self) { try HistorySchema.check(database, version: HistorySchema.version) }
    try database.execute("DROP TRIGGER t; DROP INDEX rounds_completed")
    do {
      try HistorySchema.check(database, version: HistorySchema.version)
      Issue.record("a dropped index passed")
    } catch let foreign as HistorySchema.Foreign {
      #expect(foreign.object == "no index rounds_completed")
    }
  }

  @Test func storedValuesOutOfRangeAreDamage() throws {
    let database = try SQLiteDatabase(path: ":memory:")
    #expect(try StoredValue.count(.integer(3), "n", atMost: 3, in: database) == 3)
    #expect(try StoredValue.count(.real(4), "n", in: database) == 4)
    for value: SQLiteDatabase.Value in [
      .integer(-1), .integer(.max), .real(.infinity), .real(1e300), .real(0.5), .null,
    ] {
      #expect(throws: SQLiteDatabase.Failure.self) { try StoredValue.count(value, "n", in: database) }
    }
    #expect(throws: SQLiteDatabase.Failure.self) { try StoredValue.count(.integer(4), "n", atMost: 3, in: database) }
    #expect(throws: SQLiteDatabase.Failure.self) { try StoredValue.seconds(.real(-.infinity), "s", in: database) }
    #expect(throws: SQLiteDatabase.Failure.self) { try StoredValue.flag(.integer(2), "f", in: database) }
    #expect((try? StoredValue.flag(.integer(1), "f", in: database)) == true)
  }
}
