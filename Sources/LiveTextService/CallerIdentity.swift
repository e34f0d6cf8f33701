import DBusKit
import LiveTextCore

/// Who is behind a calling connection, established when its call arrives: the daemon acts on a
/// caller's behalf only as what it was then.
enum CallerIdentity: Sendable, Equatable, CustomStringConvertible {
    /// A program outside any sandbox: the user's own (on X11 it could read the screen itself).
    case unconfined(pid: UInt32)
    /// A Flatpak or snap application.
    case sandboxed(SandboxedApp, pid: UInt32)
    /// Nobody can tell (the connection left, its process is gone or its root cannot be read, a
    /// peer over TCP): treated as a sandboxed application nobody knows.
    case unknown(reason: String)

    /// The process behind the connection, when it is known.
    var pid: UInt32? {
        switch self {
        case .unconfined(let pid), .sandboxed(_, let pid): pid
        case .unknown: nil
        }
    }

    var isUnconfined: Bool {
        if case .unconfined = self { return true }
        return false
    }

    var description: String {
        switch self {
        case .unconfined(let pid): "pid \(pid)"
        case .sandboxed(let app, let pid): "\(app), pid \(pid)"
        case .unknown(let reason): "an unidentified caller (\(reason))"
        }
    }
}

extension LiveTextService {
    /// The identity of the connection `sender`, established on its first call. Whatever cannot
    /// be established fails closed: `unknown`, never `unconfined`.
    func identify(_ sender: String) async -> CallerIdentity {
        if let known = await clients.identity(of: sender) { return known }
        let identity = await establishIdentity(sender)
        await clients.remember(identity, of: sender)
        return identity
    }

    private func establishIdentity(_ sender: String) async -> CallerIdentity {
        guard let pid = try? await bus.unixProcessID(of: sender) else {
            return .unknown(reason: "the bus cannot say which process is behind \(sender): it has left, or is not local")
        }
        let identity: CallerIdentity
        do {
            identity = try CallerSandbox.of(pid: pid).map { .sandboxed($0, pid: pid) } ?? .unconfined(pid: pid)
        } catch {
            return .unknown(reason: (error as? LiveTextError)?.message ?? "\(error)")
        }
        // The process looked at must still be the one behind the connection: had it ended and
        // its pid been reused meanwhile, another program's root would have been read.
        guard (try? await bus.unixProcessID(of: sender)) == pid else {
            return .unknown(reason: "\(sender) left the bus while it was being identified")
        }
        return identity
    }

    /// Whether the connection `sender` is still on the bus.
    func isOnBus(_ sender: String) async -> Bool {
        (try? await bus.unixProcessID(of: sender)) != nil
    }
}
