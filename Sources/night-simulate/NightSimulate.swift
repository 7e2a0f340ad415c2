import ArgumentParser
import NightSimulation

/// `make simulate`: thousands of whole nights, each chosen by a seed, in virtual time; or one
/// seed again, with its whole trace, to see how a rule broke.
@main
struct NightSimulate: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "night-simulate", abstract: "Play whole nights with faults in virtual time and check every rule.")

  @Option(help: "How many seeds to play.") var seeds = 10_000
  @Option(help: "The first seed.") var from: UInt64 = 1
  @Option(help: "Play this seed alone and print its whole trace.") var seed: UInt64?

  func run() throws {
    if let seed {
      let report = Simulation(seed: seed, keepTrace: true).run()
      for line in report.trace { print(line) }
      print(Self.summary(seeds: 1, faults: report.faults, violations: report.violations.count))
      if !report.violations.isEmpty { throw ExitCode.failure }
      return
    }
    var faults = FaultCounts()
    var failed: [SimulationReport] = []
    for seed in from..<(from + UInt64(seeds)) {
      let report = Simulation(seed: seed).run()
      faults = faults + report.faults
      guard let violation = report.violations.first else { continue }
      failed.append(report)
      if failed.count <= 3 {
        print("seed \(seed): \(violation)")
        for line in report.trace { print("  \(line)") }
        print("  replay: make simulate SEED=\(seed)")
      }
    }
    if failed.count > 3 { print("failing seeds: \(failed.map { String($0.seed) }.joined(separator: " "))") }
    print(Self.summary(seeds: seeds, faults: faults, violations: failed.count))
    if !failed.isEmpty { throw ExitCode.failure }
  }

  static func summary(seeds: Int, faults: FaultCounts, violations: Int) -> String {
    "\(seeds) seeds, \(faults.total) faults (\(faults.summary)), \(violations) violations"
  }
}
