#if Cluster
  import FoundationEssentials
  import NightCluster
  import NightKit
  import NightRelay

  /// Which connections are open on which edge, from the events that pass: what the room is
  /// told is closed when an edge dies or the server is lost.
  struct ConnectionTable {
    private var open: [Int: Set<ConnectionID>] = [:]

    var edges: [Int] { Array(open.keys) }

    /// Reads the frames' headers only: a player's text is skipped by its length.
    mutating func note(_ frames: [UInt8]) {
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
        case .opened(let id, _)?: open[ClusterChannel.edge(of: id), default: []].insert(id)
        case .closed(let id, _)?: open[ClusterChannel.edge(of: id)]?.remove(id)
        default: break
        }
        index = end + 1
      }
    }

    mutating func removeAll() -> [ConnectionID] {
      defer { open = [:] }
      return open.values.flatMap { $0 }
    }

    mutating func removeEdge(_ edge: Int) -> [ConnectionID] {
      Array(open.removeValue(forKey: edge) ?? [])
    }
  }
#endif
