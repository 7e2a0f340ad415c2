import ArgumentParser
import Glibc
import TriviaApp

/// `trivia host`: a trivia night, with this terminal as the host's and players joining from
/// their own (`trivia join URL`).
struct Host: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "host",
    abstract: "Host a trivia night: players join from their own terminals, or phones, at the address it shows.",
    discussion: """
      Shows the lobby with the night's code and a 'Join: http://ADDRESS:PORT/CODE' line for each \
      address players can use, then plays the round's questions with everyone at once: the host \
      types start, next, skip, kick NAME and end. Questions are timed (--time, 20 seconds unless \
      given); the network runs in trivia-night, installed beside trivia.
      """)

  @OptionGroup var game: GameArguments

  @Option(help: "The port players connect to; 0 picks a free one.")
  var port = 7777

  @Option(help: "Listen on this address only (default: every interface).")
  var bind: String?

  /// What one machine holds within figure 8's floors (#40); over several, the room's memory is
  /// the limit.
  static let mostPlayers = (oneMachine: 10_000, withPostgres: 200_000)

  @Option(
    help: """
      At most this many players, from 1 to \(mostPlayers.oneMachine) (to \(mostPlayers.withPostgres) with \
      --postgres: edges hold them).
      """)
  var maxPlayers = 100

  @Option(help: "Start by itself once this many players are in.")
  var startWhen: Int?

  @Flag(help: "Move on by itself after each reveal and standings, after a pause.")
  var auto = false

  @Option(help: "The night's name, shown to everyone who joins.")
  var title = "Trivia night"

  @Flag(help: "Leave out the lobby's QR code of the join address (for phones).")
  var noQr = false

  @Flag(
    help: ArgumentHelp(
      "Show the questions on the big screen only; phones show the answers' shapes.",
      discussion: "The night starts once the big screen (the lobby's Screen address) is open."))
  var onScreen = false

  @Option(
    help: ArgumentHelp(
      "Keep the night in this PostgreSQL (postgres://USER@HOST[:PORT]/DB): players join through edges.",
      discussion: "Players connect to `trivia edge` processes on other machines, behind a balancer at --address.",
      valueName: "url"))
  var postgres: String?

  @Option(
    help: ArgumentHelp(
      "With --postgres: where players join, the edges' balancer (HOST:PORT).", valueName: "host:port"))
  var address: String?

  @Option(
    help: ArgumentHelp(
      "Let players join with ssh on this port too (0 picks a free one): nothing to install.",
      discussion: "The lobby shows the line to type, ssh -p PORT CODE@ADDRESS, and the host key's fingerprint.",
      valueName: "port"))
  var ssh: Int?

  @Option(help: "With --ssh: at most this many players over SSH at once.")
  var sshPlayers = 200

  @OptionGroup var input: ScriptArgument
  @OptionGroup var look: LookArguments

  func validate() throws {
    if let ssh {
      guard (0...65_535).contains(ssh) else { throw ValidationError.clean("--ssh must be 0 to 65535, not \(ssh).") }
      guard postgres == nil else {
        throw ValidationError.clean("--ssh is for a night on this machine: with --postgres, players join at the edges.")
      }
    }
    guard (1...1_000).contains(sshPlayers) else {
      throw ValidationError.clean("--ssh-players must be 1 to 1000, not \(sshPlayers).")
    }
    if game.time == 0 {
      throw ValidationError.clean(
        "--time: a night's questions are timed: \(GameOptions.timeRange.lowerBound) to \(GameOptions.timeRange.upperBound) seconds, not 0."
      )
    }
    guard (0...65_535).contains(port) else { throw ValidationError.clean("--port must be 0 to 65535, not \(port).") }
    let most = postgres == nil ? Self.mostPlayers.oneMachine : Self.mostPlayers.withPostgres
    guard (1...most).contains(maxPlayers) else {
      throw ValidationError.clean(
        "--max-players must be 1 to \(most)\(postgres == nil ? "" : " with --postgres"), not \(maxPlayers).")
    }
    if let startWhen, !(1...maxPlayers).contains(startWhen) {
      throw ValidationError.clean("--start-when must be 1 to --max-players (\(maxPlayers)), not \(startWhen).")
    }
    switch (postgres, address) {
    case (nil, nil): break
    case (nil, _?):
      throw ValidationError.clean("--address is where players join a night kept in --postgres: give both.")
    case (_?, nil):
      throw ValidationError.clean(
        "--postgres needs --address HOST:PORT, where players reach the edges (their balancer).")
    case (let url?, let address?):
      guard url.hasPrefix("postgres://") || url.hasPrefix("postgresql://") else {
        throw ValidationError.clean("--postgres must be a URL such as postgres://trivia@db.local/trivia, not '\(url)'.")
      }
      guard let colon = address.lastIndex(of: ":"), colon != address.startIndex,
        let number = Int(address[address.index(after: colon)...]), (1...65_535).contains(number)
      else {
        throw ValidationError.clean("--address must be HOST:PORT (as in night.example.org:80), not '\(address)'.")
      }
    }
    let name = title.trimmingWhitespace
    guard (1...40).contains(name.count),
      !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    else {
      throw ValidationError.clean("--title must be 1 to 40 characters without control characters.")
    }
  }

  func run() async throws {
    var arguments = try Trivia.parse([])
    // No --time here: the night takes the saved option, else 20 s (AppCoordinator.host),
    // and a round played after it is as untimed as it was before.
    arguments.game = game
    arguments.input = input
    arguments.look = look
    let night = NightStart.host(
      .init(
        port: port, bind: bind, maxPlayers: maxPlayers, startWhen: startWhen, auto: auto, title: title,
        showsQR: !noQr, onScreen: onScreen,
        postgres: postgres.map { HostPlan.Postgres(url: $0, address: address ?? "") },
        ssh: ssh.map { HostPlan.SSH(port: $0, maxPlayers: sshPlayers) }))
    let session = try await Session(arguments: arguments, night: night)
    try await session.run()
    Glibc.exit(0)
  }
}
