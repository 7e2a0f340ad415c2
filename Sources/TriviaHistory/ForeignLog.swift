import Glibc
import TriviaData

/// A `-wal` or `-journal` beside the history that is not the history's own: SQLite would
/// apply it on opening the file (its recovery), and another database's pages would replace
/// the player's answers. So it is checked before SQLite may read it, and one that does not
/// belong is moved aside, the history left untouched.
///
/// How a log is known to be the history's own: the history carries an id of its own, a
/// random number in `PRAGMA application_id` (the header's bytes 68 to 71), and every
/// transaction the game writes sets it again, which puts the file's first page, id and all,
/// into the log with each commit. A log belongs when each transaction SQLite would apply
/// (its frames whose salts and checksums hold, up to the last commit) holds page 1 with the
/// file's id. A log another program has open (it holds the lock on the `-shm` that every
/// connection holds) is in use, not left over, and is not touched. The history is always in
/// WAL mode, so a `-journal` beside it is never its own: one that is not empty is moved aside
/// whatever it holds (SQLite would play back one that looks like its own, and delete any
/// other), unless a transaction under way holds it.
///
/// SQLite never follows a symbolic link to a `-wal`, `-shm` or `-journal` (it opens them
/// with `O_NOFOLLOW`), so one of them that is a link, or not a regular file, would turn the
/// history off at every start: it is moved aside as the link it is.
enum ForeignLog {
  /// Moves a log or journal that is not the history's own aside; what to tell the player.
  static func setAside(beside path: String) -> [String] {
    var said: [String] = []
    for suffix in ["-wal", "-shm", "-journal"] {
      var status = stat()
      let side = path + suffix
      guard lstat(side, &status) == 0, status.st_mode & S_IFMT != S_IFREG else { continue }
      let what = status.st_mode & S_IFMT == S_IFLNK ? "a symbolic link" : "not a regular file"
      guard let aside = moveAside(side) else {
        said.append("\(side) is \(what), which SQLite does not open, and it cannot be moved aside.")
        continue
      }
      said.append("\(side) is \(what), which SQLite does not open; it is kept as \(aside).")
    }
    let journal = path + "-journal"
    if size(of: journal) > 0, !isLocked(path, from: 0x4000_0000, length: 512), let aside = moveAside(journal) {
      said.append("\(journal) is not this history's own; it is kept as \(aside), and the history is read without it.")
    }
    let log = path + "-wal"
    if size(of: log) > 0, !isLocked(path + "-shm", from: 128, length: 1), !belongs(log, to: id(of: path)),
      let aside = moveAside(log)
    {
      said.append("\(log) is not this history's own log; it is kept as \(aside), and the history is read without it.")
    }
    return said
  }

  /// The id in the history's header; nil when there is no header to read.
  static func id(of path: String) -> Int32? {
    guard let header = read(path, at: 0, count: 100), header.starts(with: Array("SQLite format 3\0".utf8)) else {
      return nil
    }
    return Int32(bitPattern: word(header, 68, bigEndian: true))
  }

  /// Whether every transaction SQLite would apply from the log at `path` holds page 1
  /// with `id` (nil or 0: no id, so none can).
  static func belongs(_ path: String, to id: Int32?) -> Bool {
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { return true }
    defer { close(descriptor) }
    guard let header = read(descriptor, at: 0, count: 32) else { return true }
    let magic = word(header, 0, bigEndian: true)
    // Not a log SQLite reads: it applies nothing from it.
    guard magic & ~1 == 0x377f_0682, word(header, 4, bigEndian: true) == 3_007_000 else { return true }
    let bigEndian = magic & 1 == 1
    let raw = word(header, 8, bigEndian: true)
    let pageSize = Int(raw & 0xFE00) + Int(raw & 1) << 16
    guard pageSize >= 512, pageSize & (pageSize - 1) == 0 else { return true }
    var sums: (UInt32, UInt32) = (0, 0)
    add(header[0..<24], bigEndian: bigEndian, to: &sums)
    guard sums == (word(header, 24, bigEndian: true), word(header, 28, bigEndian: true)) else { return true }
    let salts = header[16..<24]
    var offset = 32
    var holdsOwnFirstPage = false
    while let frame = read(descriptor, at: offset, count: 24 + pageSize) {
      let page = word(frame, 0, bigEndian: true)
      guard page != 0, frame[8..<16].elementsEqual(salts) else { break }
      add(frame[0..<8], bigEndian: bigEndian, to: &sums)
      add(frame[24...], bigEndian: bigEndian, to: &sums)
      guard sums == (word(frame, 16, bigEndian: true), word(frame, 20, bigEndian: true)) else { break }
      if page == 1 {
        holdsOwnFirstPage = id != nil && id != 0 && Int32(bitPattern: word(frame, 24 + 68, bigEndian: true)) == id
        if !holdsOwnFirstPage { return false }
      }
      // A commit: the transaction it ends must have held the file's first page.
      if word(frame, 4, bigEndian: true) != 0 {
        guard holdsOwnFirstPage else { return false }
        holdsOwnFirstPage = false
      }
      offset += 24 + pageSize
    }
    return true
  }

  /// SQLite's log checksum over `bytes` (a multiple of 8), in the byte order the log says.
  private static func add(_ bytes: ArraySlice<UInt8>, bigEndian: Bool, to sums: inout (UInt32, UInt32)) {
    var index = bytes.startIndex
    while index + 8 <= bytes.endIndex {
      let first = word(bytes, index, bigEndian: bigEndian)
      let second = word(bytes, index + 4, bigEndian: bigEndian)
      sums.0 = sums.0 &+ first &+ sums.1
      sums.1 = sums.1 &+ second &+ sums.0
      index += 8
    }
  }

  private static func word<Bytes: Collection<UInt8>>(_ bytes: Bytes, _ offset: Bytes.Index, bigEndian: Bool) -> UInt32
  where Bytes.Index == Int {
    let value = (0..<4).reduce(UInt32(0)) { $0 << 8 | UInt32(bytes[offset + $1]) }
    return bigEndian ? value : value.byteSwapped
  }

  /// Whether another process holds a lock on any of `length` bytes of `path` from `start`: a
  /// connection that has the history open holds a read lock on the `-shm`'s byte 128 (SQLite's
  /// "DMS" lock); one in a transaction holds a lock on the database file's bytes from
  /// 0x40000000, so a journal beside it belongs to a transaction under way (SQLite writes one
  /// in rollback mode even while it turns a new file to WAL), not one left over.
  private static func isLocked(_ path: String, from start: Int, length: Int) -> Bool {
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var lock = flock()
    lock.l_type = Int16(F_WRLCK)
    lock.l_whence = Int16(SEEK_SET)
    lock.l_start = off_t(start)
    lock.l_len = off_t(length)
    return fcntl(descriptor, F_GETLK, &lock) == 0 && lock.l_type != Int16(F_UNLCK)
  }

  private static func size(of path: String) -> Int {
    var status = stat()
    return lstat(path, &status) == 0 ? Int(status.st_size) : 0
  }

  /// `count` bytes at `offset` of the file at `path`, or nil when there are fewer.
  static func read(_ path: String, at offset: Int, count: Int) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    return read(descriptor, at: offset, count: count)
  }

  private static func read(_ descriptor: Int32, at offset: Int, count: Int) -> [UInt8]? {
    var bytes = [UInt8](repeating: 0, count: count)
    let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
    return got == count ? bytes : nil
  }

  /// Renames `path` to `PATH.foreign-DATE` (a number added when that is taken); the new name.
  private static func moveAside(_ path: String) -> String? {
    let stamp = path + ".foreign-" + KeptFile.timestamp()
    var aside = stamp
    var status = stat()
    var next = 2
    while lstat(aside, &status) == 0 {
      aside = "\(stamp)-\(next)"
      next += 1
    }
    return rename(path, aside) == 0 ? aside : nil
  }
}
