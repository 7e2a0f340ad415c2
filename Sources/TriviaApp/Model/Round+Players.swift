import NightKit

extension Round {
  /// One of the players taking turns at one terminal, and how they have done this round.
  public struct Player: Codable, Equatable, Sendable {
    public var name: String
    /// Points as a night scores them: 500 to 1000 a right answer, 0 a wrong one.
    public var points = 0
    public var right = 0
    /// Time taken over every answer, the standings' second key as in a night.
    public var milliseconds = 0

    public init(name: String, points: Int = 0, right: Int = 0, milliseconds: Int = 0) {
      self.name = name
      self.points = points
      self.right = right
      self.milliseconds = milliseconds
    }
  }

  /// Whose turn the current question is (or was, once answered); nil for one player.
  var turnIndex: Int? { players.isEmpty ? nil : min(index, max(total - 1, 0)) % players.count }

  /// The player whose turn it is; nil for one player.
  public var turn: Player? { turnIndex.map { players[$0] } }

  /// The player of the question after the current one; nil for one player or at the end.
  public var nextTurn: Player? {
    guard !players.isEmpty, index + 1 < total else { return nil }
    return players[(index + 1) % players.count]
  }

  /// A player's place in the standings.
  public struct Standing: Equatable, Sendable {
    /// 1-based; no two players share one.
    public var place: Int
    public var player: Player
  }

  /// The players best first, by a night's rules (`Scoreboard`).
  public var standings: [Standing] {
    let keys = players.enumerated().map {
      Scoreboard.Key(points: $0.element.points, milliseconds: $0.element.milliseconds, joined: $0.offset)
    }
    return Scoreboard.ranked(keys).enumerated().map { Standing(place: $0.offset + 1, player: players[$0.element]) }
  }

  /// Players read from a file hold what the round could have given them.
  var playersAddUp: Bool {
    guard !players.isEmpty else { return true }
    // The most time the questions answered could have taken, each its own.
    let limit = items.prefix(answered).reduce(0) { $0 + (time(of: $1) ?? 0) } * 1000
    return GameOptions.playerRange.contains(players.count)
      && (try? GameOptions.players(players.map(\.name)).get()) == players.map(\.name)
      && players.allSatisfy { player in
        (0...answered).contains(player.right) && (500 * player.right...1000 * player.right).contains(player.points)
          && (0...limit).contains(player.milliseconds)
      }
      // Summed once each is known to be small: no count read from a file may overflow.
      && players.map(\.right).reduce(0, +) == score && (0...1000).contains(lastPoints)
  }
}
