import DBusKit
import Foundation
import LiveTextCore
import Synchronization

/// Keys pressed in the focused window through xdg-desktop-portal's
/// `org.freedesktop.portal.RemoteDesktop`: how a program types on GNOME, whose mutter offers no
/// virtual keyboard to clients. A session with the keyboard alone is made (`CreateSession`,
/// `SelectDevices`, `Start`: the desktop asks the user in a dialog) once, and kept by the process
/// for later typing (`NotifyKeyboardKeysym`, a press and a release a key); a session the portal
/// closes is dropped and asked for again next time.
///
/// Version 2 of the interface (xdg-desktop-portal 1.17 and later) can restore a session without
/// the dialog: the session is asked to persist until revoked (`persist_mode` 2) and the
/// `restore_token` it answers with is kept in a file of the user's (`RestoreTokenFile`). Version 1
/// (xdg-desktop-portal 1.16, with xdg-desktop-portal-gnome 43) has no such thing: the dialog comes
/// once for each process (the daemon: once while it runs).
///
/// A dialog nobody answers ends at `consentDeadline`: the request and the half-made session are
/// closed (the dialog goes) and the caller is told what to allow. Concurrent callers share one
/// start, so a second typing while the dialog is up adds no second dialog.
public final class RemoteDesktopPortal: KeyTyper {
    public let spokenName = "the desktop's RemoteDesktop portal (xdg-desktop-portal)"
    /// Said when the dialog was left open or refused.
    static func howToAllow(_ desktop: DesktopKind) -> String {
        desktop == .gnome
            ? "in GNOME's “Remote desktop” dialog, turn on “Allow remote interaction” and press “Share” (asked once for "
                + "each run of livetext; livetextd keeps the permission while it runs)"
            : "allow remote control of the keyboard in the desktop's dialog"
    }

    private let bus: SessionBus
    private let desktop: @Sendable () -> DesktopKind
    private let tokens: RestoreTokenFile
    /// How long the user has to answer the dialog.
    public let consentDeadline: Duration
    /// The session granted, kept for later typing.
    private let kept = Mutex<RemoteDesktopSession?>(nil)
    /// The start under way, shared by the callers that arrive while it runs.
    private let starting = SharedRequest<RemoteDesktopSession>()

    /// `busAddress`: the session bus the portal is on (nil: the process's own); `desktop`: which
    /// desktop's words to use (asked when first needed); `environment`: where the restore token is
    /// kept (`XDG_STATE_HOME`, `HOME`).
    public init(busAddress: String? = nil, desktop: @autoclosure @escaping @Sendable () -> DesktopKind = .gnome,
                environment: [String: String] = ProcessInfo.processInfo.environment,
                consentDeadline: Duration = .seconds(30)) {
        bus = SessionBus(address: busAddress)
        self.desktop = desktop
        tokens = RestoreTokenFile(name: "remote-desktop-restore-token", environment: environment)
        self.consentDeadline = consentDeadline
    }

    /// Where a restore token is kept (when the portal gives one).
    public var restoreTokenPath: String { tokens.path }

    /// Whether a granted session is kept now.
    public var hasSession: Bool { kept.withLock { $0?.isOpen == true } }

    public func unavailableReason() -> String? {
        let kind = desktop()
        let outcome = BlockingCall.result(within: .seconds(3)) { [bus] in
            try await Self.availableDevices(on: try await bus.connection())
        }
        switch outcome {
        case .success(let devices)? where devices & RemoteDesktopSession.keyboard != 0: return nil
        case .success?:
            return "the desktop's RemoteDesktop portal offers no keyboard"
        case .failure(let error as DBusError)?:
            return Self.refusal(error, desktop: kind).message
        case .failure(let error)?:
            return (error as? LiveTextError)?.message ?? "\(error)"
        case nil:
            return "the session bus did not answer within 3 s"
        }
    }

    public func prepare(cancel: CancellationFlag) throws {
        _ = try session(cancel: cancel)
    }

    public func press(keysyms: [UInt32], cancel: CancellationFlag) throws {
        guard !keysyms.isEmpty else { return }
        let session = try session(cancel: cancel)
        // Each key is two round trips of a few milliseconds; 5 s each at most.
        let limit = Duration.seconds(10) + .milliseconds(50 * keysyms.count)
        do {
            try BlockingCall.run(within: limit, cancel: cancel, onDeadline: {
                LiveTextError(.failed, "the RemoteDesktop portal did not take \(keysyms.count) keys within "
                              + "\(limit.components.seconds) s")
            }) { try await session.press(keysyms, cancel: cancel) }
        } catch {
            if !session.isOpen { kept.withLock { if $0 === session { $0 = nil } } }
            throw error
        }
    }

    /// The kept session, or a new one the user granted within `consentDeadline`.
    private func session(cancel: CancellationFlag) throws -> RemoteDesktopSession {
        if let session = kept.withLock({ $0 }) {
            if session.isOpen { return session }
            kept.withLock { if $0 === session { $0 = nil } }
        }
        let late = LiveTextError(.unavailable, "nobody answered the desktop's RemoteDesktop dialog within "
                                 + "\(consentDeadline.components.seconds) s, so nothing was typed: "
                                 + Self.howToAllow(desktop()))
        let session = try starting.value(within: consentDeadline, cancel: cancel, late: late) { [bus, desktop, tokens] in
            try await Self.start(on: try await bus.connection(), desktop: desktop(), tokens: tokens)
        }
        kept.withLock { $0 = session }
        return session
    }
}
