import Foundation
import Synchronization

/// The daemon's current settings, kept in step with the file.
///
/// A class with locks rather than an actor: D-Bus property reads (`Get`, `GetAll`) are answered
/// synchronously on the bus thread, and an actor would force every read through an async hop.
/// Reads take a short `Mutex`; reloads and updates are serialized by a recursive lock held
/// across the file read, the write and the observer callbacks (no bus or X round trip: observers
/// start tasks for those), so observers see changes in order and two writers can never
/// interleave edits of the file.
///
/// ```swift
/// let store = SettingsStore(file: .standard())
/// if let error = store.lastError { log.error("\(error)") }      // defaults are in use
/// let token = store.observe { old, new in
///     if old.interaction != new.interaction { emitPropertiesChanged(new.interaction) }
/// }
/// try store.update { $0.interaction.supplementaryInterfaceHidden = true }  // edits the file
/// try store.reload()                                             // after the file changed
/// store.removeObserver(token)
/// ```
public final class SettingsStore: Sendable {
    /// The file read by `reload()` and edited by `update(_:)`.
    public let file: ConfigFile

    private struct State {
        var current: Settings
        var warnings: [ConfigWarning] = []
        var error: ConfigError?
        var observers: [Int: @Sendable (Settings, Settings) -> Void] = [:]
        var nextObserverID = 0
    }

    private let state: Mutex<State>

    /// Serializes reload and update (file access plus notification). Recursive so an observer
    /// that calls `update` or `reload` does not deadlock; such nested calls run synchronously.
    private let writer = NSRecursiveLock()

    /// Loads `file` at once. When it cannot be used the defaults apply and `lastError` says why:
    /// the daemon must start either way.
    public init(file: ConfigFile = .standard()) {
        self.file = file
        var initial = State(current: .defaults)
        do {
            let loaded = try file.load()
            initial.current = loaded.settings
            initial.warnings = loaded.warnings
        } catch {
            initial.error = error
        }
        state = Mutex(initial)
    }

    /// The settings in force.
    public var settings: Settings { state.withLock { $0.current } }

    /// What the last successful load or update ignored (unknown keys, font sizes), for the log.
    public var warnings: [ConfigWarning] { state.withLock { $0.warnings } }

    /// Why the last reload failed; `nil` after a successful one. While set, the settings are
    /// the last good ones (or the defaults).
    public var lastError: ConfigError? { state.withLock { $0.error } }

    /// Reads the file again. On success the new settings apply and observers hear of a change;
    /// on failure the last good settings stay, the error is recorded in `lastError` and thrown.
    @discardableResult
    public func reload() throws(ConfigError) -> Settings {
        writer.lock()
        defer { writer.unlock() }
        let loaded: LoadedSettings
        do {
            loaded = try file.load()
        } catch {
            state.withLock { $0.error = error }
            throw error
        }
        commit(loaded.settings, warnings: loaded.warnings)
        return loaded.settings
    }

    /// Changes settings and writes them into the file, editing only the changed values (see
    /// `TOMLTextEditor`). The change applies to what the file says now, so edits made by hand
    /// since the last reload are kept. Nothing is written when the file cannot be parsed (the user
    /// must fix it first), when the new value is invalid (the error names the key), or when the
    /// edited text would not read back as exactly the new settings. Nothing changes in memory
    /// either unless the file was written. An invalid new value throws `.invalidValue` with no
    /// file (the caller's mistake); every error about the file itself carries its path.
    @discardableResult
    public func update(_ change: (inout Settings) -> Void) throws(ConfigError) -> Settings {
        writer.lock()
        defer { writer.unlock() }
        let text = try file.readText()
        var baseLoad = LoadedSettings(settings: .defaults, warnings: [], fileExists: false)
        if let text { baseLoad = try ConfigFile.parse(text, file: file.path) }
        let base = baseLoad.settings
        var proposed = base
        change(&proposed)
        // Round-trip through the file's own rules: validates, and normalizes ("Sans Bold 12" → "Sans Bold").
        let desired = try Self.normalized(proposed)
        guard desired != base else {
            commit(desired, warnings: baseLoad.warnings)
            return desired
        }
        let newText = try SettingsWriteBack.edit(text ?? "", from: base, to: desired, file: file.path)
        let reread: LoadedSettings
        do {
            reread = try ConfigFile.parse(newText, file: file.path)
        } catch {
            throw ConfigError(.io, "not written: the edited file would not read back (\(error.message))",
                              file: file.path)
        }
        guard reread.settings == desired else {
            throw ConfigError(.io, "not written: the edited file would read back different settings",
                              file: file.path)
        }
        do {
            try AtomicFile.write(Array(newText.utf8), to: file.path, createDirectory: true)
        } catch {
            throw ConfigError(.io, "not written: \(error.message)", file: file.path)
        }
        commit(desired, warnings: reread.warnings)
        return desired
    }

    /// Calls `observer` with the old and the new settings after every reload or update that
    /// changed something (never for a reload that found the same settings). Observers run on
    /// the thread that reloaded or updated, one change at a time.
    public func observe(_ observer: @escaping @Sendable (_ old: Settings, _ new: Settings) -> Void)
        -> SettingsObservation {
        state.withLock { state in
            state.nextObserverID += 1
            state.observers[state.nextObserverID] = observer
            return SettingsObservation(id: state.nextObserverID)
        }
    }

    /// Stops calling the observer `observation` was returned for.
    public func removeObserver(_ observation: SettingsObservation) {
        _ = state.withLock { $0.observers.removeValue(forKey: observation.id) }
    }

    /// Installs `settings` and notifies observers if they differ from the current ones.
    private func commit(_ settings: Settings, warnings: [ConfigWarning]) {
        let (old, callbacks) = state.withLock { state in
            let old = state.current
            state.current = settings
            state.warnings = warnings
            state.error = nil
            return (old, state.observers.sorted { $0.key < $1.key }.map(\.value))
        }
        guard old != settings else { return }
        for callback in callbacks { callback(old, settings) }
    }

    /// `settings` as the file would give them back, or the error naming the first invalid key.
    static func normalized(_ settings: Settings) throws(ConfigError) -> Settings {
        var decoder = SettingsDecoder()
        return try decoder.decode(SettingsEncoder.encode(settings))
    }
}

/// Identifies an observer added with `SettingsStore.observe(_:)`.
public struct SettingsObservation: Sendable, Hashable {
    let id: Int
}
