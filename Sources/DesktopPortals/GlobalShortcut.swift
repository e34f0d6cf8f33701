/// A global shortcut livetext asks the desktop for: its id (what a press names), what the
/// desktop's settings show, and its keys in the two forms KDE takes: the portal's preferred
/// trigger (`LOGO+SHIFT+t`) and kglobalaccel's Qt key code (nil when the keys have none). The
/// desktop may bind other keys, or none.
public struct GlobalShortcut: Sendable, Hashable {
    public var id: String
    public var description: String
    public var trigger: String
    public var key: Int32?

    public init(id: String, description: String, trigger: String, key: Int32?) {
        (self.id, self.description, self.trigger, self.key) = (id, description, trigger, key)
    }
}
