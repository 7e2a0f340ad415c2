#if Night
  /// What one night lets each connection and each address do; tests shorten the times.
  public struct NightLimits: Sendable {
    /// A text message longer than this closes its connection (1009).
    public var maxMessageBytes = 4096
    /// Messages a connection may send each second on average, and at once after a pause.
    public var messagesPerSecond = 5.0
    public var messageBurst = 10
    /// How often the server pings the connections quiet for half of it, so a dead peer shows
    /// itself as silence.
    public var pingInterval: Duration = .seconds(10)
    /// A connection nothing (not even a pong) came from for this long is closed.
    public var silentDrop: Duration = .seconds(30)
    /// From the TCP accept to the first text message: a connection that has not spoken by then
    /// (whether or not it finished its HTTP request) is closed, so idle sockets cannot pile up.
    public var joinWithin: Duration = .seconds(10)
    /// What the server holds unwritten for one connection, past what its socket's buffers take:
    /// a peer that leaves more than this unread is closed (it comes back with its token, if it
    /// ever reads again). Without it a peer that read nothing, but kept speaking and so was never
    /// silent, had every message of the night kept for it in memory (issue 35).
    public var maxUnsentBytes = 1 << 20
    /// Open WebSockets; one more is refused with 503.
    public var maxConnections = 120
    /// WebSockets open that have not yet sent their first message (a join): a pool of their own,
    /// and a share of it for each address, so that no client can fill the night by connecting
    /// and saying nothing. Players that joined do not count here; the room counts them.
    /// Only connections silent past `silentAfter` count, so a burst of real players (a class
    /// behind one address, a load test on loopback) is never refused, while one silent client
    /// holds a sixteenth of the pool at most: its newest past its share are closed once silent,
    /// and the pool is never full for an address that holds none of it.
    public var maxWaiting = 512
    public var maxWaitingPerAddress = 32
    public var silentAfter: Duration = .seconds(1)
    /// Sockets from one address that have not joined, silent or not, counted from the TCP accept:
    /// more are closed at once, before any byte of theirs is read. NightLoad joins 200 at once.
    public var maxJoiningPerAddress = 256
    /// The host is told of refused joins at most this often.
    public var refusalNotice: Duration = .seconds(10)
    /// How wrong codes from one address are slowed, then refused.
    public var guesses = GuessLimiter.Rules()
    /// The balancer in front of an edge (#30): requests from it are counted by the address its
    /// X-Forwarded-For ends with, so one player's wrong guesses are not every player's.
    public var forwardedBy: String?

    public init() {}
  }
#endif
