import NightKit
import NightRelay
import TriviaNight

/// The room's table of verdicts (`RelayCommand.yours`) as each player's `you` message: built
/// here, beside the sockets, so the room encodes no JSON per player.
enum Verdicts {
  static func messages(
    _ rows: [RelayCommand.Personal], local: (ConnectionID) -> ConnectionID
  ) -> [(ConnectionID, String)] {
    rows.compactMap { personal in
      // A row the room wrote always reads back; one that does not is dropped, not guessed at.
      NightYou(row: personal.row).map { (local(personal.to), NightWire.encode(HostMessage.you($0))) }
    }
  }
}
