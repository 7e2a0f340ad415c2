import NightKit

/// What an edge's players said since its last batch went to the room, as decisions without
/// I/O: the edge holds each event as its server hears it, and once the first has waited
/// `every`, takes them all as one batch of relay frames, each text saying how long it was held
/// (the room times an answer as its edge heard it). `trivia edge` runs it with a real server
/// and PostgreSQL; the edges of `make simulate` run the same value.
public struct EdgeBatch: Sendable, Equatable {
  /// How long an edge gathers what its players say: the room's CPU goes with its batches, not
  /// its answers (figure 8 over edges: about 120 µs an answer at 5,000 players with a batch
  /// each 20 ms, under 50 with one each 100 ms).
  public static let every = Duration.milliseconds(100)

  private var held: [RelayEvent] = []
  private var times: [Duration] = []

  public init() {}

  public var isEmpty: Bool { held.isEmpty }

  /// When the batch is to go: `every` after its first event; nil while there is none.
  public var due: Duration? { times.first.map { $0 + Self.every } }

  public mutating func hold(_ event: RelayEvent, at now: Duration) {
    held.append(event)
    times.append(now)
  }

  /// The batch's frames once due, empty before; the batch starts again empty.
  public mutating func take(now: Duration) -> [UInt8] {
    guard let due, now >= due else { return [] }
    var bytes: [UInt8] = []
    for (event, at) in zip(held, times) {
      if case .text(let id, let text, let before) = event {
        let ms = Int(((now - at) / .milliseconds(1)).rounded())
        RelayLines.encode(.text(id, text, held: before + ms), into: &bytes)
      } else {
        RelayLines.encode(event, into: &bytes)
      }
    }
    held.removeAll(keepingCapacity: true)
    times.removeAll(keepingCapacity: true)
    return bytes
  }
}
