import Dispatch
import NightKit
import NightSimulation
import Testing

/// Plays `seeds` on a thread of its own: nights are CPU-bound, and on the test pool's few
/// threads they would starve the suites beside them, which time real sockets.
func play(_ seeds: ClosedRange<UInt64>, faults: Set<Simulation.Fault>, sabotage: Simulation.Sabotage? = nil) async
  -> [SimulationReport]
{
  await withCheckedContinuation { done in
    DispatchQueue.global().async {
      done.resume(returning: seeds.map { Simulation(seed: $0, faults: faults, sabotage: sabotage).run() })
    }
  }
}

/// One at a time, for the same reason.
@Suite("Whole nights with faults, in virtual time", .serialized)
struct SimulationTests {
  @Test("1,000 seeds break no rule", arguments: 0..<4)
  func thousandSeeds(quarter: UInt64) async {
    var faults = FaultCounts()
    for report in await play((quarter * 250 + 1)...(quarter * 250 + 250), faults: Set(Simulation.Fault.allCases)) {
      faults = faults + report.faults
      #expect(
        report.violations.isEmpty, "seed \(report.seed): \(report.violations) \(report.trace.joined(separator: "\n"))")
      #expect(report.questions > 0)
    }
    // The seeds drew faults of every kind they were allowed.
    #expect(faults.edge > 0 && faults.room > 0 && faults.postgres > 0)
    #expect(faults.helper > 0 && faults.stall > 0 && faults.leave > 0)
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
  func sabotageIsCaught() async {
    let reports = await play(1...200, faults: [], sabotage: .dropBatch)
    #expect(reports.contains { !$0.violations.isEmpty })
  }

  @Test("A room that passes over NOTIFYs numbered below a row it took leaves rows unread, and is caught")
  func passedOverNoticesAreCaught() async {
    // Two edges' statements commit out of their rows' order with no fault at all (#35).
    let reports = await play(1...600, faults: [], sabotage: .passOverNotices)
    #expect(reports.contains { $0.violations.contains { $0.contains("of the room's queue") } })
  }

  @Test("Nights with no fault at all break no rule and end with the replay's table")
  func faultless() async {
    for report in await play(1...100, faults: []) {
      #expect(report.violations.isEmpty, "seed \(report.seed): \(report.violations)")
      #expect(report.faults.total == 0)
    }
  }
}
