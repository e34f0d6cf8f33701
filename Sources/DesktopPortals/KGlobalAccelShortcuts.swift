import DBusKit
import LiveTextCore

/// Global shortcuts bound in KDE's kglobalaccel directly, for a Plasma whose xdg-desktop-portal has
/// no GlobalShortcuts (before xdg-desktop-portal 1.16 and xdg-desktop-portal-kde 5.27): the actions
/// of one component, `livetext` (the component the portal makes for a host program, so keys the
/// user set under either are kept), registered (`doRegister`) and given keys (`setShortcut` with
/// `SetPresent`: kglobalaccel keeps keys it stored for the action before and answers the keys in
/// effect, none when another program holds them). The component's `globalShortcutPressed` names
/// the action pressed. `close` makes the actions inactive (the keys reach the focused window); a
/// process killed leaves them active until kglobalaccel restarts, their presses heard by nobody.
/// When kglobalaccel comes back (KWin restarted) they are registered again and `rebound` hears it.
public actor KGlobalAccelShortcuts {
    /// `setShortcut` flags: the action's program is present; the keys are its defaults.
    static let setPresent: UInt32 = 2, isDefault: UInt32 = 8
    static let componentPath: DBusObjectPath = "/component/livetext"

    public nonisolated let activations: AsyncStream<String>
    private nonisolated let activated: AsyncStream<String>.Continuation
    private let bus: SessionBus
    private let rebound: @Sendable (Result<[String], any Error>) -> Void
    private var shortcuts: [GlobalShortcut] = []
    private var listeners: [Task<Void, Never>] = []
    private var listening: DBusConnection?
    private var closed = false

    /// `busAddress`: the session bus (nil: this process's); `rebound`: the actions registered again
    /// after kglobalaccel came back (their names), or why not.
    public init(busAddress: String? = nil, rebound: @escaping @Sendable (Result<[String], any Error>) -> Void = { _ in }) {
        bus = SessionBus(address: busAddress)
        self.rebound = rebound
        (activations, activated) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(8))
    }

    /// Registers `shortcuts` (the ones before not among them made inactive; those without a Qt key
    /// code skipped) and returns the keys in effect for each. Throws `unavailable` when kglobalaccel
    /// is not on the bus.
    @discardableResult
    public func bind(_ shortcuts: [GlobalShortcut]) async throws -> [String: [Int32]] {
        let shortcuts = shortcuts.filter { $0.key != nil }
        let gone = self.shortcuts.filter { old in !shortcuts.contains { $0.id == old.id } }
        self.shortcuts = shortcuts
        guard !closed, !(shortcuts.isEmpty && gone.isEmpty) else { return [:] }
        let connection = try await bus.connection()
        do {
            try await listen(on: connection)
            for shortcut in gone { try await call(connection, "setInactive", [Self.actionID(shortcut)]) }
            var keys: [String: [Int32]] = [:]
            for shortcut in shortcuts {
                let id = Self.actionID(shortcut)
                try await call(connection, "doRegister", [id])
                try await call(connection, "setShortcut", [id, Self.keys(shortcut.key ?? 0), .uint32(Self.isDefault)])
                let set = try await call(connection, "setShortcut", [id, Self.keys(shortcut.key ?? 0), .uint32(Self.setPresent)])
                keys[shortcut.id] = (set.first?.array ?? []).compactMap(\.int32).filter { $0 != 0 }
            }
            return keys
        } catch let error as DBusError {
            bus.forget(connection, after: error)
            throw Self.refusal(error)
        }
    }

    /// Stops listening and forgets the actions without touching them: the portal bound the same
    /// actions (the same component) and holds them now.
    public func forget() {
        shortcuts = []
        listeners.forEach { $0.cancel() }
        listeners = []
        listening = nil
    }

    /// Makes the actions inactive and ends the activations.
    public func close() async {
        let shortcuts = self.shortcuts
        closed = true
        listeners.forEach { $0.cancel() }
        listeners = []
        if !shortcuts.isEmpty, let connection = try? await bus.connection() {
            for shortcut in shortcuts { _ = try? await call(connection, "setInactive", [Self.actionID(shortcut)]) }
        }
        activated.finish()
        bus.close()
    }

    private func listen(on connection: DBusConnection) async throws {
        guard listening !== connection else { return }
        listeners.forEach { $0.cancel() }
        listening = connection
        let presses = try await connection.signals(matching: DBusMatchRule(interface: KGlobalAccel.componentInterface,
                                                                           member: "globalShortcutPressed",
                                                                           path: Self.componentPath))
        let returns = try await connection.signals(matching: .nameOwnerChanged(name: KGlobalAccel.busName))
        listeners = [
            Task { [weak self] in
                for await signal in presses {
                    guard let id = signal.arguments.dropFirst().first?.string else { continue }
                    await self?.pressed(id)
                }
            },
            Task { [weak self] in
                for await signal in returns where NameOwnerChange(signal)?.newOwner != nil { await self?.bindAgain() }
            },
        ]
    }

    private func pressed(_ id: String) {
        guard !closed, shortcuts.contains(where: { $0.id == id }) else { return }
        activated.yield(id)
    }

    private func bindAgain() async {
        guard !closed, !shortcuts.isEmpty else { return }
        try? await Task.sleep(for: GlobalShortcutsPortal.settleDelay)
        guard !closed else { return }
        do {
            try await bind(shortcuts)
            rebound(.success(shortcuts.map(\.id)))
        } catch {
            rebound(.failure(error))
        }
    }

    @discardableResult
    private func call(_ connection: DBusConnection, _ member: String, _ arguments: [DBusValue]) async throws -> [DBusValue] {
        try await connection.call(destination: KGlobalAccel.busName, path: KGlobalAccel.path, interface: KGlobalAccel.interface,
                                  member: member, arguments: arguments, timeout: .seconds(5))
    }

    /// kglobalaccel's action id: component, action, and their names as System Settings shows them.
    static func actionID(_ shortcut: GlobalShortcut) -> DBusValue {
        .strings(["livetext", shortcut.id, "livetext", shortcut.description])
    }

    static func keys(_ key: Int32) -> DBusValue {
        .array(.int32, [.int32(key)])
    }

    static func refusal(_ error: DBusError) -> LiveTextError {
        switch error.name {
        case "org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner":
            return LiveTextError(.unavailable, "kglobalaccel is not on the session bus (KWin runs it on Plasma's Wayland session)")
        default:
            return LiveTextError(.unavailable, "kglobalaccel failed: \(error.name): \(error.message)")
        }
    }
}
