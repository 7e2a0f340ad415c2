import Glibc
import NightRelay
import TriviaApp
import TriviaTerminal

/// The app's network for a night: a `trivia-night` child per connection the app opens,
/// watched by the terminal's event loop. What arrives is handed to the coordinator.
@MainActor
final class PipeNetwork: NightNetwork, EventSource {
  private var pipes: [NightPipe] = []

  func host(_ plan: HostPlan, code: String, maxConnections: Int) throws(NightError) -> any NightLine {
    if let postgres = plan.postgres {
      return try open(["room", "--postgres", postgres.url, "--address", postgres.address, "--code", code])
    }
    var arguments = ["serve", "--port", String(plan.port), "--code", code, "--max-connections", String(maxConnections)]
    if let bind = plan.bind { arguments += ["--bind", bind] }
    if let ssh = plan.ssh {
      // Its players are `trivia join`, this very program.
      arguments += ["--ssh-port", String(ssh.port), "--ssh-players", String(ssh.maxPlayers)]
      if let own = NightPipe.ownProgram() { arguments += ["--player", own] }
    }
    return try open(arguments)
  }

  func join(_ address: NightAddress, comingBack: Bool) throws(NightError) -> any NightLine {
    try open(["connect", address.webSocket] + (comingBack ? ["--coming-back"] : []))
  }

  private func open(_ arguments: [String]) throws(NightError) -> any NightLine {
    do {
      let pipe = try NightPipe(arguments: arguments)
      pipes.append(pipe)
      return pipe
    } catch {
      throw NightError(error.message)
    }
  }

  /// Everything the night's connections said since the last call, oldest first, with the
  /// line each came on; lines that ended are let go.
  func take() -> [(any NightLine, RelayEvent)] {
    let events = pipes.flatMap { pipe in pipe.take().map { (pipe as any NightLine, $0) } }
    pipes.removeAll { $0.isEnded }
    return events
  }

  func stop() {
    for pipe in pipes { pipe.stop() }
    pipes.removeAll()
  }

  var descriptors: [pollfd] { pipes.flatMap(\.descriptors) }
  var serviceAt: ContinuousClock.Instant? { nil }

  /// Each pipe finds its own descriptors among `polled` (they are its own, and how many it
  /// has changes as what it sends waits or is written).
  func service(_ polled: [pollfd]) -> Bool {
    var work = false
    for pipe in pipes where pipe.service(polled) { work = true }
    return work
  }
}
