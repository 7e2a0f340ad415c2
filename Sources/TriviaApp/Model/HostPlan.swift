/// How the host set up a night on the command line (`trivia host`).
public struct HostPlan: Equatable, Sendable {
  public var port: Int
  public var bind: String?
  public var maxPlayers: Int
  /// Start by itself once this many players are in.
  public var startWhen: Int?
  /// Move on by itself after each reveal and standings.
  public var auto: Bool
  public var title: String
  /// Whether the lobby shows the join address as a QR code, for phones.
  public var showsQR: Bool
  /// The questions show on the big screen alone; players pick an answer by its shape.
  public var onScreen: Bool
  /// A night over several machines: its room kept in this PostgreSQL (a URL), its players on
  /// edges behind a balancer at `address` (HOST:PORT). Nil: this machine's night, as ever.
  public var postgres: Postgres?
  /// The SSH door (#39): its port (0 for any free one) and how many players it takes at once.
  /// Nil: players join with `trivia join` or a browser only.
  public var ssh: SSH?

  public struct SSH: Equatable, Sendable {
    public var port: Int
    public var maxPlayers: Int

    public init(port: Int, maxPlayers: Int) {
      self.port = port
      self.maxPlayers = maxPlayers
    }
  }

  public struct Postgres: Equatable, Sendable {
    public var url: String
    public var address: String

    public init(url: String, address: String) {
      self.url = url
      self.address = address
    }
  }

  public init(
    port: Int, bind: String?, maxPlayers: Int, startWhen: Int?, auto: Bool, title: String, showsQR: Bool = true,
    onScreen: Bool = false, postgres: Postgres? = nil, ssh: SSH? = nil
  ) {
    self.postgres = postgres
    self.ssh = ssh
    self.showsQR = showsQR
    self.onScreen = onScreen
    self.port = port
    self.bind = bind
    self.maxPlayers = maxPlayers
    self.startWhen = startWhen
    self.auto = auto
    self.title = title
  }
}
