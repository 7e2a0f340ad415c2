import FoundationEssentials
import NightKit

/// The room's relay over several machines as decisions without I/O: what its edges sent
/// (through PostgreSQL) and what the game commands go in with the time; what to tell the game,
/// each edge and PostgreSQL comes out. It keeps no rules: it routes each command to the edge
/// of its connections, and tells the game of connections it can no longer hear (PostgreSQL
/// lost, an edge dead), whose players come back through another edge. `trivia-night room` runs
/// it with a real pipe and PostgreSQL; the room of `make simulate` runs the same value.
public struct RoomLine: Sendable {
  public enum Event: Sendable, Equatable {
    /// A row of the room's channel: an edge's batch, and how long it waited on the way.
    case frames([UInt8], waitedMs: Int)
    /// PostgreSQL cannot be reached, in a sentence.
    case down(String)
    case up
    /// What the game said.
    case commands([RelayCommand])
    /// The edges PostgreSQL says are gone (their backend ended), of those `checkEdges` named.
    case gone([Int])
    /// Time passed.
    case tick
  }

  public enum Effect: Sendable, Equatable {
    /// Frames for the game's pipe.
    case game([UInt8])
    /// Frames for an edge's channel.
    case edge(Int, [UInt8])
    /// What the room took since its last save, kept before anything sent after it.
    case journal(String)
    case save(String)
    case lastWords(String)
    case answers(question: Int, json: String)
    /// PostgreSQL is back: what it may have missed is written again.
    case again
    /// Ask PostgreSQL which of these edges are gone, and say `gone`.
    case checkEdges([Int])
    /// Say in PostgreSQL the room is alive.
    case alive
    /// The game said `stop`: each edge was told; the night ends in PostgreSQL.
    case stop
  }

  static let checkEvery = Duration.seconds(1)
  static let aliveEvery = Duration.seconds(5)

  /// Which connections are open on which edge, from the frames that pass.
  private var open: [Int: Set<ConnectionID>] = [:]
  private var down = false
  private var lastCheck: Duration
  private var lastAlive: Duration

  public init(now: Duration) {
    lastCheck = now
    lastAlive = now
  }

  public mutating func handle(_ event: Event, now: Duration) -> [Effect] {
    switch event {
    case .frames(var frames, let waited):
      // Held by its edge, then queued and kept in PostgreSQL: all of it counts.
      if waited > 0 { frames = RelayLines.adding(held: waited, to: frames) }
      note(frames)
      return [.game(frames)]
    case .down(let reason):
      // Said before its players go: the host keeps their question open for them.
      var bytes = RelayLines.encode(RelayEvent.unreachable(reason))
      for id in open.values.flatMap({ $0 }).sorted(by: { $0.rawValue < $1.rawValue }) {
        RelayLines.encode(.closed(id, reason: nil), into: &bytes)
      }
      open = [:]
      down = true
      return [.game(bytes)]
    case .up:
      guard down else { return [] }
      down = false
      return [.game(RelayLines.encode(RelayEvent.reachable)), .again]
    case .commands(let commands):
      return route(commands)
    case .gone(let edges):
      var bytes: [UInt8] = []
      for edge in edges.sorted() {
        for id in (open.removeValue(forKey: edge) ?? []).sorted(by: { $0.rawValue < $1.rawValue }) {
          RelayLines.encode(.closed(id, reason: nil), into: &bytes)
        }
      }
      return bytes.isEmpty ? [] : [.game(bytes)]
    case .tick:
      guard !down else { return [] }
      var effects: [Effect] = []
      if now - lastAlive >= Self.aliveEvery {
        lastAlive = now
        effects.append(.alive)
      }
      if now - lastCheck >= Self.checkEvery, !open.isEmpty {
        lastCheck = now
        effects.append(.checkEdges(open.keys.sorted()))
      }
      return effects
    }
  }

  /// Commands in order; what goes to edges goes once the batch is read, one row an edge.
  private func route(_ commands: [RelayCommand]) -> [Effect] {
    var handler = Commands()
    for command in commands where !command.apply(to: &handler) {
      for edge in open.keys { RelayLines.encode(.stop, into: &handler.perEdge[edge, default: []]) }
      return handler.effects + handler.toEdges + [.stop]
    }
    return handler.effects + handler.toEdges
  }

  /// Reads the frames' headers only: a player's text is skipped by its length.
  private mutating func note(_ frames: [UInt8]) {
    var index = 0
    while index < frames.count {
      guard let end = frames[index...].firstIndex(of: UInt8(ascii: "\n")) else { return }
      if frames[index] == UInt8(ascii: "t") {
        let header = frames[index..<end].split(separator: UInt8(ascii: " "))
        guard let count = header.last.flatMap({ Int(String(decoding: $0, as: UTF8.self)) }) else { return }
        index = end + 1 + count
        continue
      }
      switch try? JSONDecoder().decode(RelayEvent.self, from: Data(frames[index..<end])) {
      case .opened(let id, _)?: open[id.edge, default: []].insert(id)
      case .closed(let id, _)?: open[id.edge]?.remove(id)
      default: break
      }
      index = end + 1
    }
  }

  /// The game's commands on the room's side: what goes to players is routed to the edges that
  /// hold them, what is kept goes to PostgreSQL.
  private struct Commands: RelayCommand.Handler {
    var effects: [Effect] = []
    /// Each edge's frames from this batch.
    var perEdge: [Int: [UInt8]] = [:]

    var toEdges: [Effect] { perEdge.sorted { $0.key < $1.key }.map { .edge($0.key, $0.value) } }

    mutating func send(_ text: String, to connections: [ConnectionID]) {
      var receivers: [Int: [ConnectionID]] = [:]
      for id in connections { receivers[id.edge, default: []].append(id) }
      for (edge, ids) in receivers { RelayLines.encode(.send(text, to: ids), into: &perEdge[edge, default: []]) }
    }

    mutating func yours(_ rows: [RelayCommand.Personal]) {
      var tables: [Int: [RelayCommand.Personal]] = [:]
      for row in rows { tables[row.to.edge, default: []].append(row) }
      for (edge, rows) in tables { RelayLines.encode(.yours(rows), into: &perEdge[edge, default: []]) }
    }

    mutating func close(_ connection: ConnectionID) {
      RelayLines.encode(.close(connection), into: &perEdge[connection.edge, default: []])
    }

    mutating func lastWords(_ text: String) { effects.append(.lastWords(text)) }

    mutating func save(_ room: String) { effects.append(.save(room)) }

    /// Ahead of what this batch sends: no player hears of an answer PostgreSQL does not hold.
    mutating func journal(_ lines: String) { effects.append(.journal(lines)) }

    mutating func answers(question: Int, json: String) { effects.append(.answers(question: question, json: json)) }
  }
}
