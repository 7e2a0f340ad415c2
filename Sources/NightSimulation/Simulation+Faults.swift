import NightKit
import NightRelay

/// Faults, each drawn at its seed's rate (`FaultPlan`) until the night is over.
extension Simulation {
  func scheduleFault(_ fault: Fault) {
    let mean: Int?
    switch fault {
    case .edgeKill: mean = plan.edgeKill
    case .roomRestart: mean = plan.roomRestart
    case .postgresPause: mean = plan.postgresPause
    case .helperKill: mean = plan.helperKill
    case .stall: mean = plan.stall
    case .leave: mean = plan.leave
    }
    guard let mean else { return }
    schedule(.fault(fault), at: now + faultRandom.int((mean / 2)...(mean * 3 / 2)))
  }

  /// Whether the night is past what faults can change.
  var isOver: Bool {
    guard let phase = host?.room.phase else { return false }
    return phase == .final || phase == .ended
  }

  func inject(_ fault: Fault) {
    guard !isOver else { return }
    defer { scheduleFault(fault) }
    let connected = players.indices.filter { players[$0].connection != nil && !players[$0].done }
    switch fault {
    case .edgeKill:
      let live = edges.indices.filter { edges[$0].alive }
      guard !live.isEmpty else { return }
      let edge = live[faultRandom.int(0...(live.count - 1))]
      faults.edge += 1
      say("FAULT: edge \(edge) killed")
      killEdge(edge)
    case .roomRestart:
      guard host != nil, saved != nil else { return }
      faults.room += 1
      say("FAULT: the room is killed")
      killRoom()
    case .postgresPause:
      guard postgresUp else { return }
      faults.postgres += 1
      say("FAULT: PostgreSQL paused")
      pausePostgres()
    case .helperKill:
      let terminals = connected.filter { players[$0].terminal }
      guard !terminals.isEmpty else { return }
      let index = terminals[faultRandom.int(0...(terminals.count - 1))]
      faults.helper += 1
      say("FAULT: \(players[index].name)'s network helper killed")
      // `trivia join` starts a new helper, which dials again with the token.
      hangUp(index, cause: "its helper was killed", redialAt: now + faultRandom.int(200...1_500))
    case .stall:
      guard !connected.isEmpty else { return }
      let index = connected[faultRandom.int(0...(connected.count - 1))]
      faults.stall += 1
      players[index].stalledUntil = now + faultRandom.int(1_000...15_000)
      say("FAULT: \(players[index].name) stops reading until \(players[index].stalledUntil)")
    case .leave:
      guard host?.room.phase != .lobby, !connected.isEmpty else { return }
      let index = connected[faultRandom.int(0...(connected.count - 1))]
      faults.leave += 1
      let back = now + faultRandom.int(2_000...90_000)
      players[index].awayUntil = back
      say("\(players[index].name) leaves, back at \(back)")
      hangUp(index, cause: "left", redialAt: back)
    }
  }

  func recover(_ fault: Fault) {
    switch fault {
    case .edgeKill:
      edges.append(Edge(line: EdgeLine(now: .milliseconds(now))))
      say("a new edge \(edges.count - 1) starts")
      edgeStep(edges.count - 1, .up)
    case .postgresPause:
      say("PostgreSQL is back")
      resumePostgres()
    case .roomRestart, .helperKill, .stall, .leave: break
    }
  }
}
