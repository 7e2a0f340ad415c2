import NightKit
import NightSimulation
import Testing

@Suite("Whole nights with faults, in virtual time")
struct SimulationTests {
  /// The faults whose rules hold today; a room restarted and PostgreSQL paused still break
  /// some (`make simulate` runs every fault and says which).
  static let holding: Set<Simulation.Fault> = [.edgeKill, .helperKill, .stall, .leave]

  @Test("1,000 seeds break no rule", arguments: 0..<4)
  func thousandSeeds(quarter: UInt64) {
    var faults = FaultCounts()
    for seed in (quarter * 250 + 1)...(quarter * 250 + 250) {
      let report = Simulation(seed: seed, faults: Self.holding).run()
      faults = faults + report.faults
      #expect(report.violations.isEmpty, "seed \(seed): \(report.violations) \(report.trace.joined(separator: "\n"))")
      #expect(report.questions > 0)
    }
    // The seeds drew faults of every kind they were allowed.
    #expect(faults.edge > 0 && faults.helper > 0 && faults.stall > 0 && faults.leave > 0)
  }

  @Test("A seed plays the same night twice, byte for byte")
  func replays() {
    let first = Simulation(seed: 4_242, keepTrace: true).run()
    let second = Simulation(seed: 4_242, keepTrace: true).run()
    #expect(first.trace == second.trace)
    #expect(first.fingerprint == second.fingerprint)
    #expect(first.trace.count > 20)
    #expect(Simulation(seed: 4_243).run().fingerprint != first.fingerprint)
  }

  @Test("An edge that loses answers with no fault to explain it is caught")
  func sabotageIsCaught() {
    let caught = (1...200).contains { seed in
      !Simulation(seed: seed, faults: [], sabotage: .dropBatch).run().violations.isEmpty
    }
    #expect(caught)
  }

  @Test("Nights with no fault at all break no rule and end with the replay's table")
  func faultless() {
    for seed in UInt64(1)...100 {
      let report = Simulation(seed: seed, faults: []).run()
      #expect(report.violations.isEmpty, "seed \(seed): \(report.violations)")
      #expect(report.faults.total == 0)
    }
  }
}
