import DBusKit
import LiveTextCore

/// KDE's global shortcut registry, `org.kde.kglobalaccel` (on Plasma 5.27's Wayland session it
/// runs inside kwin_wayland, which sees every key first; on X11 it is kglobalaccel5), asked what it
/// holds: the keys it really bound to livetext's actions (the portal's answer says what was asked,
/// even when another program holds the keys and kglobalaccel bound none), who holds a key, and
/// whether livetext's component is active (a session is bound to it) or left from an earlier one.
/// Keys are Qt key codes (`ShortcutTrigger.qtKeyCode`).
public struct KGlobalAccel: Sendable {
    public static let busName = "org.kde.kglobalaccel"
    static let path: DBusObjectPath = "/kglobalaccel"
    static let interface = "org.kde.KGlobalAccel"
    static let componentInterface = "org.kde.kglobalaccel.Component"

    /// One action: its component's and its own names, the keys bound now and the defaults.
    public struct Action: Sendable, Hashable {
        public var name: String
        public var friendlyName: String
        public var component: String
        public var componentFriendlyName: String
        public var keys: [Int32]
        public var defaultKeys: [Int32]
    }

    /// A component's actions and whether a program holds it now.
    public struct Component: Sendable, Hashable {
        public var name: String
        public var isActive: Bool
        public var actions: [Action]
    }

    private let bus: DBusConnection

    public init(connection: DBusConnection) {
        bus = connection
    }

    /// The component the portal made for a session token (`livetext`): named the caller's app id
    /// followed by the token, so it is the one whose name ends with it (the shortest, when several
    /// do). Nil when there is none.
    public func component(endingWith token: String) async throws -> Component? {
        let paths = try await bus.call(destination: Self.busName, path: Self.path, interface: Self.interface,
                                       member: "allComponents", timeout: .seconds(5)).first?.array ?? []
        let ours = paths.compactMap(\.objectPath).filter { $0.rawValue.hasSuffix("/" + token) || $0.rawValue.hasSuffix(token) }
        guard let path = ours.min(by: { $0.rawValue.count < $1.rawValue.count }) else { return nil }
        let name = try await bus.call(destination: Self.busName, path: path, interface: "org.freedesktop.DBus.Properties",
                                      member: "Get", arguments: [.string(Self.componentInterface), .string("uniqueName")],
                                      timeout: .seconds(5)).first?.unwrapped.string ?? token
        let active = try await bus.call(destination: Self.busName, path: path, interface: Self.componentInterface,
                                        member: "isActive", timeout: .seconds(5)).first?.bool ?? false
        let infos = try await bus.call(destination: Self.busName, path: path, interface: Self.componentInterface,
                                       member: "allShortcutInfos", timeout: .seconds(5)).first
        return Component(name: name, isActive: active, actions: Self.actions(infos))
    }

    /// The actions of other components bound to `key` (a Qt key code).
    public func holders(of key: Int32) async throws -> [Action] {
        let infos = try await bus.call(destination: Self.busName, path: Self.path, interface: Self.interface,
                                       member: "getGlobalShortcutsByKey", arguments: [.int32(key)], timeout: .seconds(5)).first
        return Self.actions(infos)
    }

    /// `a(ssssssaiai)`: unique and friendly names of the action, its component and its context,
    /// then the keys and the default keys.
    static func actions(_ value: DBusValue?) -> [Action] {
        (value?.array ?? []).compactMap { entry in
            guard let fields = entry.fields, fields.count >= 8 else { return nil }
            let keys = { (value: DBusValue) in (value.array ?? []).compactMap(\.int32).filter { $0 != 0 } }
            return Action(name: fields[0].string ?? "", friendlyName: fields[1].string ?? "",
                          component: fields[2].string ?? "", componentFriendlyName: fields[3].string ?? "",
                          keys: keys(fields[6]), defaultKeys: keys(fields[7]))
        }
    }
}
