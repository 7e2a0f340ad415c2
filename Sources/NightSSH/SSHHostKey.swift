#if Night
  import Crypto
  import FoundationEssentials
  import Glibc
  import NIOSSH

  /// The host's SSH key: ed25519, made on first use and kept 0600, the same for every night of
  /// this host, so a player's client learns it once and warns only if it ever changes.
  public struct SSHHostKey: Sendable {
    public let privateKey: NIOSSHPrivateKey
    /// As OpenSSH prints it, for a player to check: `SHA256:` and the unpadded base64 of the
    /// SHA-256 of the public key's blob.
    public let fingerprint: String

    public init(_ key: Curve25519.Signing.PrivateKey) {
      privateKey = NIOSSHPrivateKey(ed25519Key: key)
      fingerprint = Self.fingerprint(of: privateKey.publicKey)
    }

    /// `$XDG_STATE_HOME/trivia/ssh_host_ed25519_key` (or `~/.local/state/…`): the key's 32 raw bytes.
    public static func standardPath(environment: [String: String]) -> String {
      let state: String
      if let value = environment["XDG_STATE_HOME"], value.hasPrefix("/") {
        state = value
      } else {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "/"
        state = home + "/.local/state"
      }
      return state + "/trivia/ssh_host_ed25519_key"
    }

    /// The key kept at `path`, or a new one kept there first. A file that is there but is no key
    /// is an error, never replaced: a new key would make every player's client warn.
    public static func loadOrMake(at path: String) throws(SSHFailure) -> SSHHostKey {
      let descriptor = open(path, O_RDONLY | O_CLOEXEC)
      if descriptor >= 0 {
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 64)
        let count = read(descriptor, &bytes, bytes.count)
        guard count == 32, let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: Array(bytes.prefix(32)))
        else {
          throw SSHFailure("\(path) is not an ed25519 key of trivia's: move it away for a new one")
        }
        return SSHHostKey(key)
      }
      guard errno == ENOENT else { throw SSHFailure("cannot read \(path): \(String(cString: strerror(errno)))") }
      let key = Curve25519.Signing.PrivateKey()
      try keep(Array(key.rawRepresentation), at: path)
      return SSHHostKey(key)
    }

    /// The fingerprint of any SSH public key, as `ssh-keygen -l` prints it.
    public static func fingerprint(of key: NIOSSHPublicKey) -> String {
      let text = String(openSSHPublicKey: key)
      let encoded = text.split(separator: " ").dropFirst().first.map(String.init) ?? ""
      let blob = Data(base64Encoded: encoded) ?? Data()
      let digest = Data(SHA256.hash(data: blob)).base64EncodedString()
      return "SHA256:" + digest.prefix { $0 != "=" }
    }

    /// Writes `bytes` to a new file beside `path`, 0600 from the start, and renames it there:
    /// no moment shows a half-written key or one that others may read.
    private static func keep(_ bytes: [UInt8], at path: String) throws(SSHFailure) {
      let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
      try makeFolders(folder)
      let temporary = path + ".new"
      unlink(temporary)
      let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
      guard descriptor >= 0 else { throw SSHFailure("cannot write \(temporary): \(String(cString: strerror(errno)))") }
      let written = write(descriptor, bytes, bytes.count)
      let synced = fsync(descriptor) == 0
      close(descriptor)
      guard written == bytes.count, synced, rename(temporary, path) == 0 else {
        unlink(temporary)
        throw SSHFailure("cannot write \(path): \(String(cString: strerror(errno)))")
      }
    }

    /// `mkdir -p` with 0700 for what it makes.
    static func makeFolders(_ folder: String) throws(SSHFailure) {
      var made = ""
      for part in folder.split(separator: "/") {
        made += "/" + part
        if mkdir(made, 0o700) != 0 && errno != EEXIST {
          throw SSHFailure("cannot make \(made): \(String(cString: strerror(errno)))")
        }
      }
    }
  }
#endif
