import Glibc
import NightKit
import NightRelay
import Testing

/// The pipe's writer on real pipes: it never waits on its reader, gives everything to a reader
/// that reads, in order and in whole frames, and says when its reader is stuck or gone.
@Suite("NightRelay: a pipe written without waiting")
struct PipeOutboxTests {
  /// A pipe, [read end, write end], as small as Linux makes one (a page), so that little fills it.
  static func smallPipe() throws -> [Int32] {
    var ends: [Int32] = [-1, -1]
    try #require(pipe(&ends) == 0)
    _ = signal(SIGPIPE, SIG_IGN)
    // F_SETPIPE_SZ, which Swift's Glibc leaves out.
    _ = fcntl(ends[1], 1031, 4096)
    return ends
  }

  /// Everything readable now from `descriptor` (non-blocking).
  static func readAll(_ descriptor: Int32) -> [UInt8] {
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let got = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      guard got > 0 else { return bytes }
      bytes += chunk.prefix(got)
    }
  }

  @Test("A reader that reads nothing is never waited for, and is stuck past the limit")
  func stuck() throws {
    let ends = try Self.smallPipe()
    defer { ends.forEach { close($0) } }
    var outbox = PipeOutbox(descriptor: ends[1], limit: 1 << 20)
    let frame = RelayLines.encode(.text(1, String(repeating: "x", count: 10_000)))
    var sent = 0
    // A blocking write would stop here at the pipe's size; each send returns at once.
    while outbox.send(frame) { sent += 1 }
    #expect(outbox.state == .stuck)
    #expect(sent > 1 << 20 / frame.count - 2)
    #expect(outbox.unsent <= 1 << 20)
    #expect(outbox.waiting?.events == Int16(POLLOUT))
    let refused = outbox.send(frame)
    #expect(!refused)
    // The frames written so far are whole, in order, and a frame cut by the full pipe goes on
    // whole before the last words.
    outbox.end(with: RelayLines.encode(.failed("stuck")), within: .zero)
    var read = Self.readAll(ends[0])
    while outbox.unsent > 0 {
      outbox.flush()
      read += Self.readAll(ends[0])
    }
    let events = RelayLines.events(&read)
    #expect(read.isEmpty)
    #expect(events.last == .failed("stuck"))
    #expect(events.dropLast().allSatisfy { $0 == .text(1, String(repeating: "x", count: 10_000)) })
    #expect(events.count >= 2)
  }

  @Test("A reader that reads gets everything, in order, as the pipe takes it")
  func inOrder() throws {
    let ends = try Self.smallPipe()
    defer { ends.forEach { close($0) } }
    var outbox = PipeOutbox(descriptor: ends[1])
    let events = (0..<200).map {
      RelayEvent.text(ConnectionID(UInt64($0)), String(repeating: "\($0 % 10)", count: 1 + $0 * 7))
    }
    var read: [UInt8] = []
    for (index, event) in events.enumerated() {
      let taken = outbox.send(RelayLines.encode(event))
      #expect(taken)
      if index % 50 == 49 {
        read += Self.readAll(ends[0])
        outbox.flush()
      }
    }
    #expect(outbox.unsent > 0)
    while outbox.unsent > 0 {
      read += Self.readAll(ends[0])
      outbox.flush()
    }
    read += Self.readAll(ends[0])
    #expect(outbox.waiting == nil)
    #expect(RelayLines.events(&read) == events)
  }

  @Test("A reader gone is said, and nothing more is kept for it")
  func gone() throws {
    let ends = try Self.smallPipe()
    defer { close(ends[1]) }
    var outbox = PipeOutbox(descriptor: ends[1])
    close(ends[0])
    let taken = outbox.send(RelayLines.encode(.stop))
    #expect(!taken)
    #expect(outbox.state == .gone)
    #expect(outbox.unsent == 0)
    #expect(outbox.waiting == nil)
  }

  @Test("Draining waits for a reader, at most as long as it is given")
  func drain() throws {
    let ends = try Self.smallPipe()
    defer { ends.forEach { close($0) } }
    var outbox = PipeOutbox(descriptor: ends[1])
    outbox.send([UInt8](repeating: 1, count: 100_000))
    let began = ContinuousClock.now
    let drained = outbox.drain(within: .milliseconds(200))
    #expect(!drained)
    let took = ContinuousClock.now - began
    #expect(took >= .milliseconds(200) && took < .seconds(2))
    let unsent = outbox.unsent
    var read = Self.readAll(ends[0])
    #expect(read.count + unsent == 100_000)
    while outbox.unsent > 0 {
      _ = outbox.drain(within: .milliseconds(10))
      read += Self.readAll(ends[0])
    }
    #expect(read == [UInt8](repeating: 1, count: 100_000))
  }
}
