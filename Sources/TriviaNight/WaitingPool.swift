#if Night
  /// Sockets that have not joined yet, by the address they came from, counted from their TCP
  /// accept: what keeps one address to a few silent sockets however fast it opens them, so that
  /// nobody else (a new player, a returning one, the host's screen) waits behind them. A socket is
  /// silent once it has been open `silentAfter` without a join; a crowd that joins at once (a class
  /// behind one address, a load test on loopback) speaks within that and is never silent.
  struct WaitingPool {
    struct Rules {
      /// Sockets from one address that have not joined, silent or not: more are closed at once.
      var joiningPerAddress: Int
      /// Silent sockets one address keeps; past it the newest are closed, and new ones refused.
      var silentPerAddress: Int
      var silentAfter: Duration
    }

    let rules: Rules
    /// Each address's sockets, and when each was accepted.
    private var byAddress: [String: [ObjectIdentifier: ContinuousClock.Instant]] = [:]
    private var addresses: [ObjectIdentifier: String] = [:]

    init(rules: Rules) { self.rules = rules }

    /// Whether a socket just accepted from `address` may stay: not when its address already holds
    /// `joiningPerAddress` sockets that have not joined, or its share of silent ones.
    mutating func admit(_ socket: ObjectIdentifier, from address: String, at now: ContinuousClock.Instant) -> Bool {
      let held = byAddress[address, default: [:]]
      guard held.count < rules.joiningPerAddress, silent(from: address, at: now) < rules.silentPerAddress else {
        return false
      }
      byAddress[address, default: [:]][socket] = now
      addresses[socket] = address
      return true
    }

    /// A socket that joined, or closed, leaves the pool.
    mutating func leave(_ socket: ObjectIdentifier) {
      guard let address = addresses.removeValue(forKey: socket) else { return }
      byAddress[address]?[socket] = nil
      if byAddress[address]?.isEmpty == true { byAddress[address] = nil }
    }

    /// Whether `socket`, still silent, is past its address's share: the oldest keep their place,
    /// so a burst turns silent together and all but the share are closed.
    func isExcess(_ socket: ObjectIdentifier, at now: ContinuousClock.Instant) -> Bool {
      guard let address = addresses[socket], let since = byAddress[address]?[socket], now - since >= rules.silentAfter
      else { return false }
      let older = byAddress[address, default: [:]].values.count { $0 <= since }
      return older > rules.silentPerAddress
    }

    /// Sockets from `address` silent at `now`.
    func silent(from address: String, at now: ContinuousClock.Instant) -> Int {
      byAddress[address, default: [:]].values.count { now - $0 >= rules.silentAfter }
    }
  }
#endif
