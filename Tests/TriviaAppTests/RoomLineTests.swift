import NightKit
import NightRelay
import Testing

/// The room's relay as `trivia-night room` decides it: commands routed to the edges that hold
/// their connections, and the game told of every connection it can no longer hear.
@Suite("The room's relay over edges")
struct RoomLineTests {
  let ann = ConnectionID(edge: 1, local: 5)
  let bob = ConnectionID(edge: 2, local: 5)

  /// The line after Ann (on edge 1) and Bob (on edge 2) opened.
  func opened() -> RoomLine {
    var line = RoomLine(now: .zero)
    var frames = RelayLines.encode(RelayEvent.opened(ann, address: "192.0.2.1"))
    RelayLines.encode(.opened(bob, address: "192.0.2.2"), into: &frames)
    #expect(line.handle(.frames(frames, waitedMs: 0), now: .zero) == [.game(frames)])
    return line
  }

  @Test func aConnectionsNumberSaysItsEdge() {
    #expect(ann.edge == 1 && ann.local == 5 && bob.edge == 2)
    #expect(ann != bob)
  }

  @Test func eachEdgeIsSentWhatIsForItsConnectionsAfterWhatIsKept() {
    var line = opened()
    let effects = line.handle(
      .commands([
        .journal("1 TOKEN a 1 2 300\n"), .send("hello", to: [ann, bob]),
        .yours([.init(to: bob, row: "row")]), .close(ann),
      ]), now: .seconds(1))
    var one = RelayLines.encode(RelayCommand.send("hello", to: [ann]))
    RelayLines.encode(.close(ann), into: &one)
    var two = RelayLines.encode(RelayCommand.send("hello", to: [bob]))
    RelayLines.encode(.yours([.init(to: bob, row: "row")]), into: &two)
    #expect(effects == [.journal("1 TOKEN a 1 2 300\n"), .edge(1, one), .edge(2, two)])
  }

  @Test func whatWaitedInPostgreSQLIsAddedToWhatItsEdgeHeld() {
    var line = opened()
    let frames = RelayLines.encode(RelayEvent.text(ann, "answer", held: 40))
    #expect(
      line.handle(.frames(frames, waitedMs: 2_000), now: .seconds(3))
        == [.game(RelayLines.encode(RelayEvent.text(ann, "answer", held: 2_040)))])
  }

  @Test func postgreSQLLostClosesEveryConnectionAfterSayingSo() {
    var line = opened()
    var said = RelayLines.encode(RelayEvent.unreachable("gone"))
    RelayLines.encode(.closed(ann, reason: nil), into: &said)
    RelayLines.encode(.closed(bob, reason: nil), into: &said)
    #expect(line.handle(.down("gone"), now: .seconds(1)) == [.game(said)])
    // Nothing is checked or said alive while it is away; back, the saves are written again.
    #expect(line.handle(.tick, now: .seconds(10)).isEmpty)
    #expect(line.handle(.up, now: .seconds(11)) == [.game(RelayLines.encode(RelayEvent.reachable)), .again])
    #expect(line.handle(.up, now: .seconds(12)).isEmpty)
  }

  @Test func anEdgeFoundGoneClosesItsConnectionsOnly() {
    var line = opened()
    #expect(line.handle(.tick, now: .milliseconds(999)).isEmpty)
    #expect(line.handle(.tick, now: .seconds(1)) == [.checkEdges([1, 2])])
    let closed = RelayLines.encode(RelayEvent.closed(bob, reason: nil))
    #expect(line.handle(.gone([2]), now: .seconds(1)) == [.game(closed)])
    #expect(line.handle(.tick, now: .seconds(5)) == [.alive, .checkEdges([1])])
  }

  @Test func stopTellsEveryEdgeItKnows() {
    var line = opened()
    let effects = line.handle(.commands([.stop, .send("never", to: [ann])]), now: .seconds(1))
    let stop = RelayLines.encode(RelayCommand.stop)
    #expect(effects == [.edge(1, stop), .edge(2, stop), .stop])
  }
}
