#if Night
  import Glibc
  import PseudoTerminalShim

  /// One SSH session's player: `trivia join` on a pseudo-terminal of its own, whose master side
  /// the session copies bytes to and from. Ended by the session (SIGKILL, as a closed laptop
  /// would: the night keeps its place for it to come back to) or by itself.
  final class PlayerProcess {
    let pid: pid_t
    /// The terminal's master side, non-blocking and close-on-exec, twice: the session's pipe
    /// channel takes both over (its input and its output must differ).
    let input: Int32
    let output: Int32
    /// A third copy, kept here for resizing: the channel's may be closed when a resize comes.
    private var control: Int32
    private(set) var status: Int32?

    init(
      program: String, arguments: [String], environment: [String: String], rows: Int, columns: Int
    ) throws(SSHFailure) {
      let argv = [program] + arguments
      let envp = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
      var pid: pid_t = 0
      var master: Int32 = -1
      let failure = Self.withCStrings(argv) { argv in
        Self.withCStrings(envp) { envp in
          trivia_pty_spawn(program, argv, envp, Self.size(rows), Self.size(columns), &master, &pid)
        }
      }
      guard failure == 0 else { throw SSHFailure("cannot start \(program): \(String(cString: strerror(failure)))") }
      self.pid = pid
      input = master
      output = fcntl(master, F_DUPFD_CLOEXEC, 3)
      control = fcntl(master, F_DUPFD_CLOEXEC, 3)
      guard output >= 0, control >= 0 else {
        for descriptor in [input, output, control] where descriptor >= 0 { close(descriptor) }
        control = -1
        Glibc.kill(pid, SIGKILL)
        var raw: Int32 = 0
        waitpid(pid, &raw, 0)
        throw SSHFailure("cannot start \(program): out of descriptors")
      }
    }

    deinit {
      if control >= 0 { close(control) }
    }

    /// A terminal's size as the kernel keeps it: 1 to 65,535, whatever a client claimed.
    static func size(_ value: Int) -> UInt16 { UInt16(clamping: max(1, value)) }

    /// Tells the player's terminal its new size (its program gets SIGWINCH).
    func resize(rows: Int, columns: Int) {
      guard control >= 0 else { return }
      _ = trivia_pty_resize(control, Self.size(rows), Self.size(columns))
    }

    /// Whether the player has ended, reaped here if it has; never blocks.
    func reap() -> Bool {
      if status != nil { return true }
      var raw: Int32 = 0
      let result = waitpid(pid, &raw, WNOHANG)
      guard result == pid || (result < 0 && errno == ECHILD) else { return false }
      status = (raw & 0x7f) == 0 ? (raw >> 8) & 0xff : 128 + (raw & 0x7f)
      return true
    }

    /// Ends the player now, if it has not ended.
    func kill() {
      if !reap() { Glibc.kill(pid, SIGKILL) }
      if control >= 0 { close(control) }
      control = -1
    }

    private static func withCStrings<Result>(
      _ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Result
    ) -> Result {
      let pointers = strings.map { strdup($0) } + [nil]
      defer { for pointer in pointers { free(pointer) } }
      return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
  }
#endif
