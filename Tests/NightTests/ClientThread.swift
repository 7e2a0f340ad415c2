#if Night
  import Foundation

  /// A thread of its own for the wire clients' tasks. Other tests of the suite block the few
  /// threads of Swift's pool for seconds at a time (they wait on their processes), and a
  /// client must go on reading what the host sends meanwhile, or a test waiting on it fails
  /// for want of a turn rather than for what the host did.
  final class ClientThread: TaskExecutor, @unchecked Sendable {
    static let shared = ClientThread()

    /// Guards `jobs`.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []

    private init() {
      Thread.detachNewThread { [self] in run() }
    }

    func enqueue(_ job: consuming ExecutorJob) {
      let job = UnownedJob(job)
      condition.lock()
      jobs.append(job)
      condition.signal()
      condition.unlock()
    }

    private func run() {
      while true {
        condition.lock()
        while jobs.isEmpty { condition.wait() }
        let batch = jobs
        jobs = []
        condition.unlock()
        for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
      }
    }
  }
#endif
