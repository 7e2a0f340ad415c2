import ArgumentParser
import EditLineShim
import Glibc
import ScreenKit
import TriviaData
import TriviaTerminal

/// Where a session's lines come from: a script, the line editor at a terminal (with the lines
/// typed before), or standard input read as a script; and, with `--record`, the journal they
/// are written to.
@MainActor
struct SessionInput {
  let reader: any LineReader
  /// The line editor of an interactive game.
  let editor: LineEditor?
  /// The journal of `--record`, which keeps the waits a timed question's timeout stands for.
  let recorder: RecordingReader?
  /// Keeps the lines typed for the next game: the line editor's, when the game ends.
  let saveHistory: () -> Void

  /// `lines` is where the line editor keeps the lines typed; `header` begins a recording.
  init(arguments: Trivia, interactive: Bool, style: TerminalStyle, lines: String, header: String, say: (String) -> Void)
    throws
  {
    var reader: any LineReader
    if let script = arguments.script, script != "-" {
      guard let scriptReader = ScriptReader(path: script) else {
        throw ValidationError.clean("--script: cannot read \(script): \(String(cString: strerror(errno))).")
      }
      reader = scriptReader
      editor = nil
      saveHistory = {}
    } else if interactive, let lineEditor = LineEditor(program: "trivia", style: style) {
      // Ctrl-C while no line is being edited (say, during a load) must not end the game:
      // it cancels the load instead.
      trivia_catch_interrupts()
      // libedit reads it as it is: a link, a pipe or a huge file is moved aside first.
      if let problem = KeptFile.problem(at: lines, limit: 1 << 20) {
        say(KeptFile.setAside(lines, because: problem.reason, instead: "the lines typed start afresh"))
      }
      lineEditor.loadHistory(from: lines)
      reader = lineEditor
      editor = lineEditor
      // As shells and Python's REPL do: written once, when the game ends (quit, Ctrl-D,
      // SIGTERM, SIGHUP), whole and atomically.
      saveHistory = {
        try? AtomicFile.replace(lines) { temporary throws(AtomicFile.Failure) in
          guard lineEditor.saveHistory(to: temporary) else {
            throw AtomicFile.Failure(description: "cannot write \(temporary)")
          }
        }
      }
    } else {
      reader = ScriptReader()
      editor = nil
      saveHistory = {}
    }
    recorder = try arguments.record.map { path in
      guard let recording = RecordingReader(recording: reader, to: path, header: header) else {
        throw ValidationError.clean("--record: cannot write \(path): \(String(cString: strerror(errno))).")
      }
      return recording
    }
    self.reader = recorder ?? reader
  }
}
