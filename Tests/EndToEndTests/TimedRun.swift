/// A run timed against a control: the same arguments and input in a sandbox with nothing in
/// it, just before, on the same machine. The suite runs in parallel (a night's tests with it),
/// so one slow run says little; a run is slow only when it takes more than twice its
/// control and 2 s in each of three tries, each in a sandbox `prepare` makes afresh: load
/// slows one try, what is in the sandbox slows every one.
enum TimedRun {
  struct Outcome<Prepared> {
    var sandbox: Sandbox
    var prepared: Prepared
    var result: ProcessResult
    var slow: Bool
  }

  static func run<Prepared>(
    _ arguments: [String], input: String, prepare: () async throws -> (Sandbox, Prepared)
  ) async throws -> Outcome<Prepared> {
    var tries = 0
    while true {
      tries += 1
      let control = try Sandbox()
      var started = ContinuousClock.now
      _ = try await control.run(arguments, input: input, timeout: .seconds(10))
      let usual = ContinuousClock.now - started
      let (sandbox, prepared) = try await prepare()
      started = ContinuousClock.now
      let result = try await sandbox.run(arguments, input: input, timeout: .seconds(10))
      let slow = ContinuousClock.now - started >= usual * 2 + .seconds(2)
      if !slow || tries == 3 { return Outcome(sandbox: sandbox, prepared: prepared, result: result, slow: slow) }
    }
  }
}
