// NotifyLoad: what PostgreSQL's LISTEN/NOTIFY carries on this machine, before #30 builds a
// night across machines on it. A room fans each stage out to its edges (one sender, N
// listening connections); edges batch answers back to the room (N senders, one listener).
// Each payload carries the sender's clock, so each delivery is timed; each listener counts
// what it was owed and what came; pg_notification_queue_usage() is polled all along.
//
//   NotifyLoad --sweep                     every table of RESULTS.md's "Before #30" section
//   NotifyLoad [--senders N] [--listeners N] [--payload BYTES] [--rate PER_SECOND]
//              [--batch N] [--per-listener] [--sync on|off] [--seconds S] [--stuck S] [--unix]
//
// The server is PGHOST (a folder: its Unix socket's) and PGPORT, as `Scripts/postgres.sh
// start` prints them; `make notify-bench` starts one, runs the sweep and stops it.
#if Cluster
  import Glibc

  func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }

  func usage() -> Never {
    print(
      """
      usage: NotifyLoad --sweep | [--senders N] [--listeners N] [--payload BYTES] [--rate PER_SECOND]
             [--batch N] [--per-listener] [--sync on|off] [--seconds S] [--stuck S] [--unix]
      """)
    exit(2)
  }

  func format(_ value: Double, _ digits: Int = 1) -> String {
    guard value.isFinite else { return "–" }
    var text = String(Int((value * pow(10, Double(digits))).rounded()))
    guard digits > 0 else { return text }
    let negative = text.hasPrefix("-")
    if negative { text.removeFirst() }
    while text.count <= digits { text = "0" + text }
    text.insert(".", at: text.index(text.endIndex, offsetBy: -digits))
    return (negative ? "-" : "") + text
  }

  func grouped(_ value: Double) -> String {
    let whole = Int(value.rounded())
    var digits = String(whole)
    var index = digits.count - 3
    while index > 0 {
      digits.insert(",", at: digits.index(digits.startIndex, offsetBy: index))
      index -= 3
    }
    return digits
  }

  enum Table {
    static let header =
      "| senders | listeners | payload B | batch | channels | commit | target/s | NOTIFY/s sent | delivered/s "
      + "| MB/s delivered | p50 ms | p99 ms | max ms | lost | queue peak | commit p50/p99 ms |"
    static let rule = "|" + String(repeating: "---|", count: 16)
  }

  func row(_ result: RunResult) -> String {
    let spec = result.spec
    if let failure = result.failure {
      return "| \(spec.senders) | \(spec.listeners) | \(spec.payload) | failed: \(failure) |"
    }
    let cells = [
      "\(spec.senders)", "\(spec.listeners)", "\(spec.payload)", "\(spec.batch)",
      spec.channelPerListener ? "one each" : "shared", spec.synchronousCommit == "on" ? "sync" : "async",
      spec.rate > 0 ? grouped(Double(spec.rate)) : "max", grouped(result.sentPerSecond),
      grouped(result.deliveredPerSecond), format(result.deliveredMBPerSecond, 2),
      format(result.p50Ms), format(result.p99Ms), format(result.maxMs),
      "\(result.lost)" + (result.malformed > 0 ? " (\(result.malformed) malformed)" : ""),
      String(format(result.queueUsageMax * 100, 4)) + " %",
      "\(format(result.commitP50Ms, 2)) / \(format(result.commitP99Ms, 2))",
    ]
    return "| " + cells.joined(separator: " | ") + " |"
  }

  func table(_ title: String, _ specs: [RunSpec], server: Server) async {
    print("\n#### \(title)\n")
    print(Table.header)
    print(Table.rule)
    for spec in specs {
      let result = await NotifyRun.run(spec, on: server)
      print(row(result))
      if spec.stuckSeconds > 0 {
        print(
          "\nThe stuck listener slept \(format(spec.stuckSeconds)) s inside pg_sleep: it was then delivered "
            + "\(result.stuckDelivered) of \(result.sent), the last \(format(result.stuckLast, 2)) s after the "
            + "first send.")
      }
    }
  }

  func sweep(server: Server) async {
    let seconds = Double(environment("NOTIFY_SECONDS") ?? "") ?? 3
    func spec(_ change: (inout RunSpec) -> Void) -> RunSpec {
      var spec = RunSpec()
      spec.seconds = seconds
      change(&spec)
      return spec
    }
    await table(
      "Room → edges: one sender as fast as it goes, N listeners on one shared channel",
      [1, 2, 8].flatMap { listeners in
        [200, 2000, 7900].map { payload in
          spec {
            $0.listeners = listeners
            $0.payload = payload
          }
        }
      }, server: server)
    await table(
      "Room → edges: one channel per edge (each NOTIFY sent once per listener's channel), and paced rates",
      [
        spec {
          $0.listeners = 8
          $0.payload = 2000
          $0.channelPerListener = true
        },
        spec {
          $0.listeners = 8
          $0.payload = 7900
          $0.rate = 100
        },
        spec {
          $0.listeners = 8
          $0.payload = 7900
          $0.rate = 1000
        },
      ], server: server)
    await table(
      "Edges → room: N senders as fast as they go, one listener (the room) on one channel",
      [1, 2, 8].flatMap { senders in
        [2000, 7900].map { payload in
          spec {
            $0.senders = senders
            $0.payload = payload
          }
        }
      }
        + [
          // 8 edges each sending a batch every 50 ms: 160 a second.
          spec {
            $0.senders = 8
            $0.payload = 7900
            $0.rate = 160
          }
        ], server: server)
    await table(
      "NOTIFYs in one transaction, and the senders' synchronous_commit (1 sender, 8 listeners, 2,000 B)",
      [(1, "off"), (10, "on"), (10, "off")].map { batch, commit in
        spec {
          $0.listeners = 8
          $0.payload = 2000
          $0.batch = batch
          $0.synchronousCommit = commit
        }
      }, server: server)
    await table(
      "A slow listener: busy in pg_sleep while one sender fills the queue (2 listeners besides it, 7,900 B)",
      [
        spec {
          $0.listeners = 2
          $0.payload = 7900
          $0.stuckSeconds = seconds
        }
      ], server: server)
  }

  func main() async {
    guard let port = environment("PGPORT").flatMap({ Int($0) }) else {
      print("NotifyLoad: PGPORT is not set: start a server with Scripts/postgres.sh start DIR")
      exit(2)
    }
    var server = Server(port: port, socketFolder: environment("PGHOST"))
    var spec = RunSpec()
    var sweeping = false
    var arguments = CommandLine.arguments.dropFirst()
    func value() -> String {
      guard let value = arguments.popFirst() else { usage() }
      return value
    }
    func number() -> Int {
      guard let number = Int(value()), number >= 0 else { usage() }
      return number
    }
    while let argument = arguments.popFirst() {
      switch argument {
      case "--sweep": sweeping = true
      case "--senders": spec.senders = max(1, number())
      case "--listeners": spec.listeners = max(1, number())
      case "--payload": spec.payload = min(7999, number())
      case "--rate": spec.rate = number()
      case "--batch": spec.batch = max(1, number())
      case "--per-listener": spec.channelPerListener = true
      case "--sync": spec.synchronousCommit = value() == "off" ? "off" : "on"
      case "--seconds": spec.seconds = Double(number())
      case "--stuck": spec.stuckSeconds = Double(number())
      case "--unix": server.unixSocket = true
      default: usage()
      }
    }
    if sweeping {
      await sweep(server: server)
    } else {
      print(Table.header)
      print(Table.rule)
      print(row(await NotifyRun.run(spec, on: server)))
    }
  }

  await main()
#else
  print("NotifyLoad measures PostgreSQL's LISTEN/NOTIFY: build it with --traits Cluster (make notify-bench)")
#endif
