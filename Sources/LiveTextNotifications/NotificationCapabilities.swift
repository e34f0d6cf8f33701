/// What the notification server can do (`GetCapabilities`) and who it is (`GetServerInformation`).
public struct NotificationCapabilities: Sendable, Hashable {
    /// The capability names exactly as the server listed them.
    public let names: Set<String>
    /// The server's name, e.g. `dunst` or `gnome-shell`.
    public let serverName: String
    public let vendor: String
    public let version: String
    /// The version of the specification the server implements, e.g. `1.2`.
    public let specVersion: String

    public init(names: Set<String>, serverName: String, vendor: String, version: String, specVersion: String) {
        self.names = names
        self.serverName = serverName
        self.vendor = vendor
        self.version = version
        self.specVersion = specVersion
    }

    /// Whether the server listed `name`.
    public func contains(_ name: String) -> Bool { names.contains(name) }

    /// It shows actions (without this, action keys are ignored and `ActionInvoked` never comes).
    public var actions: Bool { contains("actions") }
    /// It shows the body text.
    public var body: Bool { contains("body") }
    /// It interprets the body's markup (`<b>`, `<i>`, `<u>`, …); otherwise markup shows literally.
    public var bodyMarkup: Bool { contains("body-markup") }
    /// It makes `<a href>` in the body clickable.
    public var bodyHyperlinks: Bool { contains("body-hyperlinks") }
    /// It shows `<img>` in the body.
    public var bodyImages: Bool { contains("body-images") }
    /// It shows one static icon or image.
    public var iconStatic: Bool { contains("icon-static") }
    /// It keeps notifications until the user dismisses them.
    public var persistence: Bool { contains("persistence") }
    /// It plays sounds.
    public var sound: Bool { contains("sound") }
}
