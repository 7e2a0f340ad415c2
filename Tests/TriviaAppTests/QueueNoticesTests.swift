import NightRelay
import Testing

/// Which NOTIFYs on a queued channel are taken for (#35): PostgresWaitTests shows the same
/// through a real PostgreSQL, these without one.
@Suite("A queued channel's NOTIFYs")
struct QueueNoticesTests {
  /// Row 100's statement commits after row 101's: its NOTIFY comes after the room took 101.
  @Test func aRowCommittedAfterAHigherOneIsStillTaken() {
    var notices = QueueNotices()
    let taking101 = notices.notified(101)
    #expect(taking101)
    notices.took(101)
    notices.tookAll(notified: 101)
    let taking100 = notices.notified(100)
    #expect(taking100)
  }

  /// One take found both statements' rows: the NOTIFY of the second finds its row taken.
  @Test func aNotifyWhoseRowWasTakenIsPassedOver() {
    var notices = QueueNotices()
    let taking7 = notices.notified(7)
    #expect(taking7)
    notices.took(7)
    notices.took(8)
    notices.took(9)
    notices.tookAll(notified: 7)
    let taking9 = notices.notified(9)
    #expect(!taking9)
    // Nothing is kept once its NOTIFY came: a row seen again would be taken again (and the
    // take find nothing), never passed over by mistake.
    #expect(notices == QueueNotices())
  }

  /// Rows taken when the reader connects, whose NOTIFYs went before it listened, are
  /// forgotten at the next NOTIFY above them: the set holds only rows in flight.
  @Test func rowsWhoseNotifyNeverComesAreForgotten() {
    var notices = QueueNotices()
    for row in Int64(1)...50 { notices.took(row) }
    let taking60 = notices.notified(60)
    #expect(taking60)
    notices.tookAll(notified: 60)
    #expect(notices == QueueNotices())
  }

  @Test func aPayloadThatIsNoRowIsTakenFor() {
    var notices = QueueNotices()
    notices.took(3)
    let takingNone = notices.notified(nil)
    #expect(takingNone)
  }
}
