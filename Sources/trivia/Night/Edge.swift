import ArgumentParser
import Glibc

/// `trivia edge`: one of a night's edges on this machine, for a host started with
/// `trivia host --postgres`. It is `trivia-night edge`, which holds the sockets: run in its
/// place, so that a plain `trivia` links no server.
struct Edge: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "edge",
    abstract: "Hold players' connections for nights kept in a PostgreSQL, behind a balancer.",
    discussion: """
      Serves the newest night in --postgres that has not ended: its page, its big screen and its \
      players' connections, relayed to the host's room through PostgreSQL. Start one or more on \
      each machine that takes players, a balancer (HAProxy) in front of them at the host's \
      --address, and the host with `trivia host --postgres URL --address HOST:PORT`. It runs \
      until stopped (Ctrl-C), night after night, and says what it does on standard error.
      """)

  @Option(help: ArgumentHelp("The night's PostgreSQL, as given to trivia host.", valueName: "url"))
  var postgres: String

  @Option(help: "The port players (through the balancer) connect to.")
  var port = 7777

  @Option(help: "Listen on this address only (default: every interface).")
  var bind: String?

  @Option(help: "At most this many connections on this edge.")
  var maxConnections = 20_000

  @Option(help: "The balancer's address: its X-Forwarded-For says who a player is.")
  var balancer: String?

  func validate() throws {
    guard (1...65_535).contains(port) else { throw ValidationError.clean("--port must be 1 to 65535, not \(port).") }
    guard (1...1_000_000).contains(maxConnections) else {
      throw ValidationError.clean("--max-connections must be 1 to 1000000, not \(maxConnections).")
    }
  }

  func run() throws {
    guard let program = NightPipe.program() else {
      print(NightPipeError.missing.message)
      throw ExitCode(1)
    }
    var arguments = [program, "edge", "--postgres", postgres, "--port", String(port)]
    arguments += ["--max-connections", String(maxConnections)]
    if let bind { arguments += ["--bind", bind] }
    if let balancer { arguments += ["--balancer", balancer] }
    let argv = arguments.map { strdup($0) } + [nil]
    execv(program, argv)
    print("trivia edge: cannot run \(program): \(String(cString: strerror(errno))).")
    throw ExitCode(1)
  }
}
