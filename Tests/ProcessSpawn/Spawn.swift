import Glibc

/// Starting a child the way a shell would, for `Child`, `PseudoTerminal`, the end-to-end
/// tests' `LiveProcess` and the night's processes: no
/// signal blocked, the usual handlers (the test runner ignores SIGPIPE), and no descriptor
/// but the standard ones, which `arrange` sets up (pipes of runs going on in parallel must
/// not stay open in this child).
public enum Spawn {
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  /// glibc's `POSIX_SPAWN_SETSID`, which Swift does not import (it needs `_GNU_SOURCE`).
  private static let setSID: Int32 = 0x80

  /// Starts `executable` in `directory` (this process's when nil); `newSession` makes it a
  /// session leader, so a terminal it opens becomes its controlling terminal. Returns the
  /// child's pid.
  public static func start(
    _ executable: String, arguments: [String], environment: [String: String], directory: String? = nil,
    newSession: Bool = false, arrange: (inout posix_spawn_file_actions_t) -> Void
  ) throws(Failure) -> pid_t {
    let closeFrom = try libc(
      "posix_spawn_file_actions_addclosefrom_np",
      as: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32).self)
    let addChdir = try libc(
      "posix_spawn_file_actions_addchdir_np",
      as: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, UnsafePointer<CChar>?) -> Int32).self)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    arrange(&actions)
    _ = closeFrom(&actions, 3)
    if let directory { _ = addChdir(&actions, directory) }

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGPIPE, SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGTSTP, SIGTTIN, SIGTTOU] {
      sigaddset(&defaults, signal)
    }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    let flags = Int32(POSIX_SPAWN_SETSIGMASK) | Int32(POSIX_SPAWN_SETSIGDEF) | (newSession ? setSID : 0)
    posix_spawnattr_setflags(&attributes, Int16(flags))

    let argv = ([executable] + arguments).map { strdup($0) }
    let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") }
    defer {
      for pointer in argv + envp { free(pointer) }
    }
    var child: pid_t = 0
    let spawned = posix_spawn(&child, executable, &actions, &attributes, argv + [nil], envp + [nil])
    guard spawned == 0 else {
      throw Failure(description: "posix_spawn \(executable): \(String(cString: strerror(spawned)))")
    }
    return child
  }

  /// A pipe, [read end, write end], whose ends close on exec from the start, so no child
  /// another test spawns meanwhile keeps them.
  public static func pipe() throws(Failure) -> [Int32] {
    let pipe2 = try libc("pipe2", as: (@convention(c) (UnsafeMutablePointer<Int32>?, Int32) -> Int32).self)
    var ends: [Int32] = [-1, -1]
    guard pipe2(&ends, O_CLOEXEC) == 0 else { throw Failure(description: "pipe: \(String(cString: strerror(errno)))") }
    return ends
  }

  /// A status from `waitpid` as a shell says it: the exit status, or 128 + the signal that
  /// ended the child.
  public static func shellStatus(_ raw: Int32) -> Int32 {
    let signal = raw & 0x7f
    return signal == 0 ? (raw >> 8) & 0xff : 128 + signal
  }

  /// This process's environment, for a helper that should see what the test runner sees.
  public static var inherited: [String: String] {
    var variables: [String: String] = [:]
    let first: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
    guard var entry = first else { return variables }
    while let pointer = entry.pointee {
      let text = String(cString: pointer)
      if let equals = text.firstIndex(of: "=") {
        variables[String(text[..<equals])] = String(text[text.index(after: equals)...])
      }
      entry += 1
    }
    return variables
  }

  /// A function of the C library by name: Swift's Glibc module leaves out glibc's
  /// extensions and the XSI pty functions.
  public static func libc<Function>(_ name: String, as type: Function.Type) throws(Failure) -> Function {
    guard let program = dlopen(nil, RTLD_NOW), let symbol = dlsym(program, name) else {
      throw Failure(description: "\(name) is not in the C library")
    }
    return unsafeBitCast(symbol, to: type)
  }
}
