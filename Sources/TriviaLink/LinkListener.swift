import Glibc

/// The listening socket and the claim on its path: one game at a time listens there, a
/// socket left by a game that was killed is replaced, and a stop removes the path only while
/// it is still this socket.
struct LinkListener {
  enum Claim {
    case claimed(LinkListener)
    case taken(LinkOwner)
  }

  let descriptor: Int32
  let location: LinkLocation
  /// The socket file's device and inode: another game may have replaced it by stop time.
  private let identity: (device: UInt, inode: UInt)

  /// Binds and listens at the location, unless a live game does. Claims hold the folder's
  /// lock, so two games starting together cannot both find a stale socket and replace each
  /// other's.
  static func claim(_ location: LinkLocation) throws(LinkError) -> Claim {
    let path = location.socketPath
    return try withFolderLocked(location.folder) { () throws(LinkError) -> Claim in
      // A stale socket is removed once; twice means something else keeps making it.
      for _ in 0..<2 {
        let descriptor = try UnixSocket.make(nonBlocking: true)
        if UnixSocket.withAddress(path, { bind(descriptor, $0, $1) }) == 0 {
          return .claimed(try listening(descriptor, at: location))
        }
        let code = errno
        Glibc.close(descriptor)
        guard code == EADDRINUSE else { throw .system("Cannot make the link socket \(path)", code) }
        if let owner = try ownerOrStale(path) { return .taken(owner) }
      }
      throw LinkError("Cannot make the link socket \(path): it keeps coming back")
    }
  }

  /// Closes the socket, and removes its path if no other game has replaced it.
  func close() {
    try? Self.withFolderLocked(location.folder) { () throws(LinkError) in
      var info = stat()
      if stat(location.socketPath, &info) == 0 && UInt(info.st_dev) == identity.device
        && UInt(info.st_ino) == identity.inode
      {
        unlink(location.socketPath)
      }
    }
    Glibc.close(descriptor)
  }

  private static func listening(_ descriptor: Int32, at location: LinkLocation) throws(LinkError) -> LinkListener {
    var info = stat()
    // The folder already keeps others out; the socket's own mode says the same.
    guard listen(descriptor, SOMAXCONN) == 0, chmod(location.socketPath, 0o600) == 0,
      stat(location.socketPath, &info) == 0
    else {
      let error = LinkError.system("Cannot listen at \(location.socketPath)")
      unlink(location.socketPath)
      Glibc.close(descriptor)
      throw error
    }
    return LinkListener(
      descriptor: descriptor, location: location, identity: (UInt(info.st_dev), UInt(info.st_ino)))
  }

  /// The game listening at `path`, or nil once a dead game's socket is removed.
  private static func ownerOrStale(_ path: String) throws(LinkError) -> LinkOwner? {
    var info = stat()
    guard lstat(path, &info) == 0 else {
      if errno == ENOENT { return nil }
      throw .system("Cannot check \(path)")
    }
    guard info.st_mode & S_IFMT == S_IFSOCK else { throw LinkError("\(path) is not a socket; remove it") }
    switch UnixSocket.probe(path) {
    case .owner(let owner): return owner
    case .none(ENOENT): return nil
    case .none(ECONNREFUSED):
      guard unlink(path) == 0 || errno == ENOENT else { throw .system("Cannot remove the stale \(path)") }
      return nil
    case .none(let code): throw .system("Cannot reach the game at \(path)", code)
    }
  }

  private static func withFolderLocked<T>(_ folder: String, _ body: () throws(LinkError) -> T) throws(LinkError) -> T {
    let lock = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard lock >= 0 else { throw .system("Cannot open \(folder)") }
    defer { Glibc.close(lock) }
    while flock(lock, LOCK_EX) != 0 {
      guard errno == EINTR else { throw .system("Cannot lock \(folder)") }
    }
    return try body()
  }
}
