#if Night
  import NIOCore
  import NIOSSH

  /// Who one SSH connection is: the user name it gave (the night's code) and, when it signed in
  /// with a key, that key's fingerprint, its identity for coming back. Written by its
  /// `SSHLoginDelegate` and read by its sessions, all on the connection's event loop.
  final class SSHLogin {
    var user: String?
    var keyFingerprint: String?
    /// Whether a session was ever opened: a connection that opens none is closed (`SSHDoor`).
    var opened = false
  }

  /// Lets everyone in: the night's code is in the user name, checked when a session starts (so a
  /// wrong one can be told so, which a refused login cannot). A key is asked for first, to know a
  /// returning player: OpenSSH offers its keys, and a client with none is asked for a password,
  /// which any answer (Enter) passes. `none` is refused for that reason only.
  final class SSHLoginDelegate: NIOSSHServerUserAuthenticationDelegate {
    private let login: SSHLogin

    init(_ login: SSHLogin) {
      self.login = login
    }

    var supportedAuthenticationMethods: NIOSSHAvailableUserAuthenticationMethods { [.publicKey, .password] }

    func requestReceived(
      request: NIOSSHUserAuthenticationRequest, responsePromise: EventLoopPromise<NIOSSHUserAuthenticationOutcome>
    ) {
      switch request.request {
      case .publicKey(let offer):
        // NIOSSH has checked the signature: the client holds this key.
        login.user = request.username
        login.keyFingerprint = SSHHostKey.fingerprint(of: offer.publicKey)
        responsePromise.succeed(.success)
      case .password:
        login.user = request.username
        responsePromise.succeed(.success)
      case .none, .hostBased:
        responsePromise.succeed(.failure)
      }
    }
  }
#endif
