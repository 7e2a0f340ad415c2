import ScreenKit
import TriviaTerminal

/// `wait N` in a script: N seconds pass on the game's virtual clock, the only way time
/// passes there, so a timed question runs out at the same line on every run.
struct ScriptWait {
  var seconds: Double?

  /// Nil when `line` is not a wait; `seconds` nil when it is one without a valid time.
  init?(_ line: String) {
    let words = line.split(whereSeparator: \.isWhitespace)
    guard words.first?.lowercased() == "wait" else { return nil }
    seconds = words.count == 2 ? Double(words[1]).flatMap { $0 >= 0 && $0 <= 86_400 ? $0 : nil } : nil
  }
}

extension Session {
  func wait(_ wait: ScriptWait) {
    guard let seconds = wait.seconds else {
      renderer.write([Line("wait takes a number of seconds from 0 to 86400, as in wait 5.", style: .failure)])
      return
    }
    coordinator.wait(.milliseconds(Int((seconds * 1000).rounded())))
  }

  /// Something besides the keyboard needs the game: links sent to it, and a timed
  /// question's countdown. When its time ran out, what was typed for it goes, and a
  /// recording notes the wait that stands for it in a replay.
  func handleEvents() async {
    let coordinator = coordinator
    let arrived = network.take()
    if !arrived.isEmpty {
      if coordinator.received(arrived) { editor?.dropSetAside() }
      await runPendingWork()
    }
    await links?.followWaiting(navigator: navigator, console: renderer) { link, refused in
      coordinator.open(link, refused: refused)
      await self.runPendingWork()
    }
    let limit = coordinator.round?.timeLimit
    guard coordinator.tick() else { return }
    editor?.dropSetAside()
    if let limit { recorder?.note("wait \(limit)") }
  }
}
