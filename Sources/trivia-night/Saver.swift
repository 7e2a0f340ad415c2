#if Cluster
  import NightCluster
  import Synchronization

  /// The room's saves: one UPDATE in flight, the newest waiting behind it (older ones are
  /// superseded), so a busy room never queues a backlog of whole rooms. Written off the main
  /// thread, which waits in `poll`.
  final class Saver: Sendable {
    private struct State {
      var latest: String?
      var next: String?
      var writing = false
      /// Questions' answers being written, and those not written yet.
      var keeping = 0
      var unkept: [(question: Int, json: String)] = []
    }

    let code: String
    private let state = Mutex(State())

    init(code: String) { self.code = code }

    func save(_ room: String, on link: PostgresLink) {
      state.withLock {
        $0.latest = room
        $0.next = room
      }
      kick(on: link)
    }

    /// After the server came back: what it may have missed.
    func again(on link: PostgresLink) {
      let unkept = state.withLock { state in
        state.next = state.latest
        state.keeping += state.unkept.count
        return state.unkept
      }
      kick(on: link)
      for (question, json) in unkept { write(answers: json, question: question, on: link) }
    }

    func lastWords(_ text: String, on link: PostgresLink) {
      let code = code
      Task.detached { _ = try? await link.run("UPDATE trivia_nights SET last_words = \(text) WHERE code = \(code)") }
    }

    /// A question's answers, a row a player: written beside the saves, in no hurry, and again
    /// once the server is back if it was away (a row already there is not written twice).
    func keep(answers json: String, question: Int, on link: PostgresLink) {
      state.withLock {
        $0.unkept.append((question, json))
        $0.keeping += 1
      }
      write(answers: json, question: question, on: link)
    }

    private func write(answers json: String, question: Int, on link: PostgresLink) {
      let code = code
      Task.detached { [self] in
        let written = (try? await NightTables.keep(answers: json, question: question, code: code, on: link)) != nil
        state.withLock {
          if written { $0.unkept.removeAll { $0.question == question } }
          $0.keeping -= 1
        }
      }
    }

    /// Once the last save is written: the night is over.
    func end(on link: PostgresLink) async {
      while state.withLock({ $0.writing || $0.keeping > 0 }) { try? await Task.sleep(for: .milliseconds(5)) }
      _ = try? await link.run("UPDATE trivia_nights SET ended = true, room_pid = NULL WHERE code = \(code)")
    }

    private func kick(on link: PostgresLink) {
      let start = state.withLock { state -> Bool in
        guard !state.writing, state.next != nil else { return false }
        state.writing = true
        return true
      }
      guard start else { return }
      let code = code
      Task.detached { [self] in
        // The next room to write; none left ends the writer in the same lock, so a save that
        // comes meanwhile starts another.
        while let room = state.withLock({ state -> String? in
          defer { state.next = nil }
          if state.next == nil { state.writing = false }
          return state.next
        }) {
          do {
            try await NightTables.save(room: room, code: code, on: link)
          } catch {
            // Down: saved again once the server is back (`again`).
            state.withLock { $0.writing = false }
            return
          }
        }
      }
    }
  }
#endif
