import DBusKit

/// Why a notification closed (`NotificationClosed`'s reason).
public enum NotificationCloseReason: Sendable, Hashable, CustomStringConvertible {
    /// It timed out.
    case expired
    /// The user dismissed it (dunst and others also report this after a click on an action).
    case dismissed
    /// `CloseNotification` closed it.
    case closedByCall
    /// The server gave no reason.
    case undefined
    /// A code the specification does not define.
    case other(UInt32)

    /// The reason for a wire code (1 expired, 2 dismissed, 3 closed by call, 4 undefined).
    public init(code: UInt32) {
        switch code {
        case 1: self = .expired
        case 2: self = .dismissed
        case 3: self = .closedByCall
        case 4: self = .undefined
        default: self = .other(code)
        }
    }

    public var description: String {
        switch self {
        case .expired: "expired"
        case .dismissed: "dismissed"
        case .closedByCall: "closed by call"
        case .undefined: "undefined"
        case .other(let code): "reason \(code)"
        }
    }
}

/// Something the notification server reported to this client.
public enum NotificationEvent: Sendable, Hashable {
    /// The user picked the action with `key` on notification `id`.
    case actionInvoked(id: UInt32, key: String)
    /// Notification `id` is gone; its id means nothing any more.
    case closed(id: UInt32, reason: NotificationCloseReason)
    /// An XDG activation token for the action about to be reported for `id` (sent just before
    /// `actionInvoked`), for raising a window.
    case activationToken(id: UInt32, token: String)
    /// The server left the bus or another one took over: every id handed out so far is
    /// meaningless now, and the capabilities are refetched on the next request.
    case serverChanged

    /// Decodes a signal of `org.freedesktop.Notifications`; `nil` for others or bad arguments.
    init?(_ signal: DBusIncomingSignal) {
        let arguments = signal.arguments
        switch signal.member {
        case "ActionInvoked":
            guard arguments.count == 2, let id = arguments[0].uint32, let key = arguments[1].string else { return nil }
            self = .actionInvoked(id: id, key: key)
        case "NotificationClosed":
            guard arguments.count == 2, let id = arguments[0].uint32, let code = arguments[1].uint32 else { return nil }
            self = .closed(id: id, reason: NotificationCloseReason(code: code))
        case "ActivationToken":
            guard arguments.count == 2, let id = arguments[0].uint32, let token = arguments[1].string else { return nil }
            self = .activationToken(id: id, token: token)
        default:
            return nil
        }
    }
}
