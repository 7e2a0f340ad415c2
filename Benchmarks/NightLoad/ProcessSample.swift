#if Night
  import Glibc

  /// What /proc says of a set of processes at one moment: resident memory and CPU time used,
  /// summed over them (the host is `trivia` and its `trivia-night` child).
  struct ProcessSample {
    var rssKiB = 0
    var peakKiB = 0
    /// User plus system time.
    var cpu = Duration.zero
    /// Time its threads were ready to run but waited for a CPU (schedstat), which on a shared
    /// machine tells a busy program from a starved one.
    var waited = Duration.zero

    static func of(_ pids: [pid_t]) -> ProcessSample {
      var sample = ProcessSample()
      for pid in pids {
        if let status = read("/proc/\(pid)/status") {
          sample.rssKiB += field("VmRSS:", in: status)
          sample.peakKiB += field("VmHWM:", in: status)
        }
        sample.cpu += cpuTime(pid)
        sample.waited += waitedForCPU(pid)
      }
      return sample
    }

    /// The run-queue wait of every thread of `pid` alive now.
    static func waitedForCPU(_ pid: pid_t) -> Duration {
      var waited = Duration.zero
      for thread in entries(of: "/proc/\(pid)/task") {
        guard let text = read("/proc/\(pid)/task/\(thread)/schedstat") else { continue }
        let fields = text.split(whereSeparator: \.isWhitespace)
        if fields.count > 1, let nanoseconds = Int64(fields[1]) { waited += .nanoseconds(nanoseconds) }
      }
      return waited
    }

    /// This process's own CPU time, every thread.
    static var own: Duration { cpuTime(getpid()) }

    /// With `reaped`, the time of its children it waited for (cutime, cstime) besides.
    static func cpuTime(_ pid: pid_t, reaped: Bool = false) -> Duration {
      guard let stat = read("/proc/\(pid)/stat"), let close = stat.lastIndex(of: ")") else { return .zero }
      // After "pid (comm)": state is field 3, utime 14, stime 15, cutime 16 and cstime 17.
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      guard fields.count > 14, let user = Int(fields[11]), let system = Int(fields[12]),
        let children = Int(fields[13]), let childrenSystem = Int(fields[14])
      else { return .zero }
      let ticks = sysconf(Int32(_SC_CLK_TCK))
      return .milliseconds((user + system + (reaped ? children + childrenSystem : 0)) * 1000 / ticks)
    }

    /// Its parent's pid (field 4 of its stat), 0 if it is gone.
    static func parent(of pid: pid_t) -> pid_t {
      guard let stat = read("/proc/\(pid)/stat"), let close = stat.lastIndex(of: ")") else { return 0 }
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      return fields.count > 1 ? pid_t(fields[1]) ?? 0 : 0
    }

    /// The processes whose parent is `parent`, whichever of its threads started them.
    static func children(of parent: pid_t) -> [pid_t] {
      entries(of: "/proc/\(parent)/task").flatMap { thread in
        (read("/proc/\(parent)/task/\(thread)/children") ?? "").split(whereSeparator: \.isWhitespace).compactMap {
          pid_t($0)
        }
      }
    }

    /// The numbered entries of a /proc folder: processes, or a process's threads.
    private static func entries(of path: String) -> [pid_t] {
      guard let folder = opendir(path) else { return [] }
      defer { closedir(folder) }
      var numbers: [pid_t] = []
      while let entry = readdir(folder) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if let number = pid_t(name) { numbers.append(number) }
      }
      return numbers
    }

    private static func field(_ name: String, in status: String) -> Int {
      guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name) }) else { return 0 }
      return Int(line.dropFirst(name.count).split(whereSeparator: \.isWhitespace).first ?? "") ?? 0
    }

    static func read(_ path: String) -> String? {
      let descriptor = open(path, O_RDONLY)
      guard descriptor >= 0 else { return nil }
      defer { close(descriptor) }
      var bytes: [UInt8] = []
      var chunk = [UInt8](repeating: 0, count: 8192)
      while true {
        let got = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        guard got > 0 else { break }
        bytes += chunk.prefix(got)
      }
      return String(decoding: bytes, as: UTF8.self)
    }
  }
#endif
