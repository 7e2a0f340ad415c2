import NightKit
import NightRelay
import Testing

/// An edge's batch as `trivia edge` decides it: nothing goes before the first event has waited
/// `every`; then everything held goes, each text saying how long the edge held it.
@Suite("An edge's batch to its room")
struct EdgeBatchTests {
  @Test func nothingGoesBeforeTheFirstEventHasWaitedItsTime() {
    var batch = EdgeBatch()
    #expect(batch.due == nil)
    #expect(batch.take(now: .seconds(5)).isEmpty)
    batch.hold(.opened(7, address: "192.0.2.9"), at: .milliseconds(1_000))
    #expect(batch.due == .milliseconds(1_000) + EdgeBatch.every)
    #expect(batch.take(now: .milliseconds(1_099)).isEmpty)
    #expect(!batch.isEmpty)
  }

  @Test func eachTextSaysHowLongItWasHeldAndTheRoomAddsWhatItWaitedAfter() {
    var batch = EdgeBatch()
    batch.hold(.opened(7, address: "192.0.2.9"), at: .milliseconds(1_000))
    batch.hold(.text(7, #"{"answer":{"question":1,"choice":2}}"#), at: .milliseconds(1_030))
    batch.hold(.closed(7, reason: nil), at: .milliseconds(1_090))
    batch.hold(.text(8, "late"), at: .milliseconds(1_099))
    var frames = batch.take(now: .milliseconds(1_100))
    #expect(batch.isEmpty && batch.due == nil)
    let sent = frames
    #expect(
      RelayLines.events(&frames) == [
        .opened(7, address: "192.0.2.9"), .text(7, #"{"answer":{"question":1,"choice":2}}"#, held: 70),
        .closed(7, reason: nil), .text(8, "late", held: 1),
      ])
    // The row then waited 2 s in PostgreSQL: the room counts it from when the edge heard it.
    var kept = RelayLines.adding(held: 2_000, to: sent)
    let texts = RelayLines.events(&kept).compactMap { event -> Int? in
      if case .text(_, _, let held) = event { held } else { nil }
    }
    #expect(texts == [2_070, 2_001])
  }

  @Test func aBatchTakenStartsTheNextOneAfresh() {
    var batch = EdgeBatch()
    batch.hold(.text(1, "a"), at: .zero)
    #expect(!batch.take(now: EdgeBatch.every).isEmpty)
    batch.hold(.text(1, "b"), at: .seconds(3))
    #expect(batch.due == .seconds(3) + EdgeBatch.every)
    var frames = batch.take(now: .seconds(3) + EdgeBatch.every)
    #expect(RelayLines.events(&frames) == [.text(1, "b", held: 100)])
  }
}
