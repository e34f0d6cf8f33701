import DBusKit
import LiveTextCore

/// One button (or menu entry) offered by a notification: the key the server reports back in
/// `ActionInvoked`, and the label it shows.
public struct NotificationAction: Sendable, Hashable {
    /// The key sent back when the user picks the action. ``defaultKey`` is the default action,
    /// usually invoked by clicking the notification itself.
    public var key: String
    /// What the user sees.
    public var label: String

    public init(key: String, label: String) {
        self.key = key
        self.label = label
    }

    /// The key the specification reserves for the default action.
    public static let defaultKey = "default"

    /// The default action with `label` (some servers show the label, most only react to a click).
    public static func `default`(_ label: String) -> NotificationAction {
        NotificationAction(key: defaultKey, label: label)
    }
}

/// How urgent a notification is (the `urgency` hint).
public enum NotificationUrgency: UInt8, Sendable, Hashable {
    case low = 0, normal = 1, critical = 2
}

/// Everything a `Notify` call sends: texts, actions, hints and the expiry.
///
/// ```swift
/// var request = NotificationRequest(summary: "QR code", body: "https://example.org")
/// request.actions = [.default("Open"), NotificationAction(key: "copy", label: "Copy")]
/// request.image = try NotificationImage(thumbnail).scaledToFit(maxSide: 128)
/// let id = try await client.notify(request)
/// ```
public struct NotificationRequest: Sendable, Hashable {
    /// The sending application's name.
    public var appName: String = "livetext"
    /// The id of a notification this one replaces, `0` for a new one.
    public var replacesId: UInt32 = 0
    /// An icon name from the theme or a `file://` URI; empty for none.
    public var appIcon: String = ""
    /// The one-line title.
    public var summary: String
    /// The text below the summary (markup only when the server has `body-markup`).
    public var body: String
    /// The actions, in the order they are offered. Keys must be distinct and not empty.
    public var actions: [NotificationAction]
    /// The `urgency` hint; `nil` leaves it to the server (normal).
    public var urgency: NotificationUrgency?
    /// The `category` hint, e.g. `transfer.complete`.
    public var category: String?
    /// The `desktop-entry` hint: the desktop file's name without `.desktop`.
    public var desktopEntry: String?
    /// The `image-data` hint.
    public var image: NotificationImage?
    /// The `transient` hint: do not keep it in the server's history.
    public var transient: Bool = false
    /// The `resident` hint: keep it open after an action was invoked (the caller then closes it).
    public var resident: Bool = false
    /// Milliseconds until it expires: `-1` the server's default, `0` never.
    public var expireTimeout: Int32 = -1
    /// Further hints, sent as they are; they override the ones above with the same name.
    public var extraHints: [String: DBusValue] = [:]

    public init(summary: String, body: String = "", actions: [NotificationAction] = []) {
        self.summary = summary
        self.body = body
        self.actions = actions
    }

    /// The hints dictionary as sent, keyed by hint name.
    public var hints: [String: DBusValue] {
        var hints: [String: DBusValue] = [:]
        if let urgency { hints["urgency"] = .byte(urgency.rawValue) }
        if let category { hints["category"] = .string(category) }
        if let desktopEntry { hints["desktop-entry"] = .string(desktopEntry) }
        if let image { hints["image-data"] = image.hintValue }
        if transient { hints["transient"] = .bool(true) }
        if resident { hints["resident"] = .bool(true) }
        hints.merge(extraHints) { $1 }
        return hints
    }

    /// The keys of the actions, in order.
    public var actionKeys: [String] { actions.map(\.key) }

    /// Checks what the server would misread or DBusKit would refuse. Throws `.invalidArgs`.
    public func validate() throws {
        var seen: Set<String> = []
        for action in actions {
            guard !action.key.isEmpty else {
                throw LiveTextError(.invalidArgs, "notification action '\(action.label)' has an empty key")
            }
            guard seen.insert(action.key).inserted else {
                throw LiveTextError(.invalidArgs, "notification action key '\(action.key)' is offered twice")
            }
        }
        guard expireTimeout >= -1 else {
            throw LiveTextError(.invalidArgs, "notification expiry of \(expireTimeout) ms: use -1 (default), 0 (never) or more")
        }
        for (name, text) in [("app name", appName), ("icon", appIcon), ("summary", summary), ("body", body)]
            + actions.flatMap({ [("action key", $0.key), ("action label", $0.label)] })
            where text.utf8.contains(0)
        {
            throw LiveTextError(.invalidArgs, "notification \(name) contains a NUL character")
        }
    }

    /// The eight arguments of `Notify` (`susssasa{sv}i`).
    var arguments: [DBusValue] {
        [
            .string(appName), .uint32(replacesId), .string(appIcon), .string(summary), .string(body),
            .strings(actions.flatMap { [$0.key, $0.label] }),
            .vardict(hints),
            .int32(expireTimeout),
        ]
    }
}
