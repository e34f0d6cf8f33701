#if canImport(Glibc)
import Glibc
#endif
import Foundation
import LiveTextCore

/// Where livetext keeps a portal's `restore_token` between runs: one file under
/// `$XDG_STATE_HOME/livetext/` (`~/.local/state/livetext/` by default), readable by the user only
/// (mode 0600, its folder 0700), replaced whole on each write so that a reader never sees half of
/// one. A token lets the portal start the same kind of session again without its dialog.
struct RestoreTokenFile: Sendable {
    let path: String

    /// `name` in the state folder `environment` names (`XDG_STATE_HOME`, else `HOME/.local/state`).
    init(name: String, environment: [String: String]) {
        let state = environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/state"
        path = state + "/livetext/" + name
    }

    /// The stored token; nil when there is none (or it cannot be read: the dialog is shown again).
    func read() -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let token = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return token.isEmpty ? nil : token
    }

    /// Stores `token`, mode 0600.
    func write(_ token: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let partial = path + ".partial"
        guard FileManager.default.createFile(atPath: partial, contents: Data((token + "\n").utf8),
                                             attributes: [.posixPermissions: 0o600]) else {
            throw LiveTextError.system("cannot write \(partial)")
        }
        guard rename(partial, path) == 0 else { throw LiveTextError.system("cannot replace \(path)") }
    }

    /// Forgets the token (the portal refused it).
    func remove() {
        unlink(path)
    }
}
