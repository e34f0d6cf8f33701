#if canImport(Glibc)
import Glibc
#endif
import DBusKit
import LiveTextCore

/// KWin's answers as `LiveTextError`s that say what to do: its error names are those of KWin
/// 5.27's screenshotdbusinterface2.cpp.
extension KWinScreenShot {
    static let notAuthorized = "org.kde.KWin.ScreenShot2.Error.NoAuthorized"
    static let cancelledByKWin = "org.kde.KWin.ScreenShot2.Error.Cancelled"

    var notOnBus: String {
        "\(spokenName) (\(Self.busName)) is not on the session bus at \(bus.spokenAddress): this is not a KDE Plasma "
            + "session, or KWin runs without compositing (its screenshot effect needs it)"
    }

    func timedOut(_ deadline: Duration) -> LiveTextError {
        LiveTextError(.unavailable, "\(spokenName) sent no screenshot within \(Self.spoken(deadline)): KWin is busy or hangs")
    }

    func failure(_ error: any Error, deadline: Duration) -> LiveTextError {
        switch error {
        case let error as LiveTextError: return error
        case is CancellationError: return .cancelled
        case let error as DBusError:
            switch error.name {
            case Self.notAuthorized:
                return LiveTextError(.accessDenied, otherUserRefusal() ?? KWinDesktopFile.refusal(of: Self.interface, by: spokenName))
            case DBusError.Name.serviceUnknown, "org.freedesktop.DBus.Error.NameHasNoOwner":
                return LiveTextError(.unavailable, notOnBus)
            case DBusError.Name.unknownMethod, DBusError.Name.unknownObject, DBusError.Name.unknownInterface:
                return LiveTextError(.unavailable, "KWin on the session bus at \(bus.spokenAddress) has no "
                                     + "\(Self.interface).CaptureWorkspace (KWin 5.27 and later have it)")
            case Self.cancelledByKWin:
                return LiveTextError(.failed, "KWin cancelled the screenshot")
            case DBusError.Name.noReply, DBusError.Name.timeout:
                return timedOut(deadline)
            case DBusError.Name.disconnected:
                return LiveTextError(.unavailable, "the session bus at \(bus.spokenAddress) closed the connection")
            default:
                return LiveTextError(.failed, "\(spokenName) failed: \(error)")
            }
        default:
            return LiveTextError(.failed, "\(spokenName) failed: \(error)")
        }
    }

    /// KWin cannot read the binary of another user's process (`/proc/PID/exe` needs the right to
    /// trace it), so a desktop file cannot help a caller that runs as someone else, root included:
    /// then the refusal says that instead. Nil when KWin runs as this process's user, or is gone.
    private func otherUserRefusal() -> String? {
        let bus = self.bus
        guard case .success(let owner?)? = BlockingCall.result(within: .seconds(2), {
            try await bus.ownerUser(of: Self.busName, timeout: .seconds(1))
        }), owner != getuid() else { return nil }
        return "\(spokenName) refused: KWin runs as user \(Self.userName(owner)) and cannot see which binary a process "
            + "of user \(Self.userName(getuid())) runs, which is how it grants screenshots: run livetext as the user "
            + "of the desktop session"
    }

    private static func userName(_ uid: UInt32) -> String {
        guard let entry = getpwuid(uid), let name = entry.pointee.pw_name else { return "\(uid)" }
        return "\(String(cString: name)) (\(uid))"
    }

    /// "5 s", "1.5 s".
    static func spoken(_ duration: Duration) -> String {
        let milliseconds = BlockingCall.nanoseconds(duration) / 1_000_000
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(Double(milliseconds) / 1000) s"
    }
}
