import ArgumentParser
import DBusKit
import Dispatch
import Foundation
import LiveTextConfig
import LiveTextCore
import LiveTextDesktop
import LiveTextDetectors
import LiveTextEngines
import LiveTextService

struct DaemonCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "daemon",
        abstract: "Run the org.livetext D-Bus service on the session bus (also installed as livetextd).",
        discussion: """
            Exits cleanly when another daemon already owns org.livetext. SIGHUP reloads the settings \
            file; SIGTERM and SIGINT stop the service. Bus activation may start it without DISPLAY: \
            then it serves each request that names a display (the CLI sends its own) on that display, \
            for that request alone, and has no hotkeys; `dbus-update-activation-environment --systemd \
            DISPLAY XAUTHORITY` in your session start-up gives it one from the start.
            """)

    @Option(help: ArgumentHelp("Connect to this bus address instead of the session bus.", valueName: "address"))
    var address: String?

    @Flag(help: "Log debug lines too.")
    var verbose = false

    func run() async throws {
        let log = ServiceLog(threshold: verbose ? .debug : .info)
        let settings = SettingsStore(file: .standard())
        if let error = settings.lastError { log.error("settings: \(error.description); using defaults") }
        for warning in settings.warnings { log.warning("settings: \(warning)") }

        let bus: DBusConnection
        do {
            if let address {
                bus = try await DBusConnection.connect(address: address)
            } else {
                bus = try await DBusConnection.session()
            }
        } catch {
            throw LiveTextError(.unavailable, "cannot connect to the \(address == nil ? "session bus" : "bus \(address!)"): \(error)")
        }
        let current = settings.settings
        let interpreter = LiveInterpreter(try DetectionEnvironment.interpreter(
            region: current.actions.region,
            templates: DetectionEnvironment.templates(current.actions)))
        let analyzer = try ImageAnalyzer.system(interpreter: interpreter, cacheCapacity: current.limits.cachedImages)
        let desktop = Desktop(withoutDisplay: LiveTextService.withoutDisplayAdvice)
        let service = LiveTextService(bus: bus, analyzer: analyzer, interpreter: interpreter, settings: settings,
                                      desktop: desktop, log: log)
        try await service.export()

        // What the settings decide outside the service: the region and URL templates of the
        // detectors, the cache's size.
        let applied = settings.observe { old, new in
            if old.actions != new.actions {
                do {
                    interpreter.replace(try DetectionEnvironment.interpreter(
                        region: new.actions.region, templates: DetectionEnvironment.templates(new.actions)))
                } catch {
                    log.error("settings: \((error as? LiveTextError)?.message ?? "\(error)"); the detectors keep the last")
                }
            }
            if old.limits.cachedImages != new.limits.cachedImages { analyzer.setCacheCapacity(new.limits.cachedImages) }
        }
        defer { settings.removeObserver(applied) }
        // Before the name is owned: a client may send SIGHUP as soon as it sees the daemon, and
        // SIGHUP's default action is to end the process.
        let signals = SignalWatch()
        signals.on(SIGHUP) { Self.reload(settings, log: log) }
        signals.on(SIGTERM) { bus.close() }
        signals.on(SIGINT) { bus.close() }

        switch try await bus.requestName(ServiceNames.busName, flags: [.doNotQueue]) {
        case .primaryOwner, .alreadyOwner:
            log.info("livetext \(LiveTextVersion.string) serving \(ServiceNames.busName) as \(bus.uniqueName)")
        default:
            log.info("another livetext daemon owns \(ServiceNames.busName); exiting")
            bus.close()
            return
        }
        try? await analyzer.prewarm()
        // On Wayland a new connection may cost the compositor seconds (KWin hashes our binary):
        // the next live surface's is made ahead.
        desktop.keepLiveSurfaceConnectionReady()
        await service.startHotkeys()

        await bus.waitUntilDisconnected()
        await service.stop()
        // Text the daemon copied is not lost with it: a clipboard manager takes it, or a detached
        // livetext serve-clipboard goes on serving it until something else is copied.
        if let copy = desktop.copyToHandOn() {
            do {
                try DetachedClipboard.copy(copy.content, alsoPrimary: copy.alsoPrimary)
                log.info("the copied text is served by a detached livetext serve-clipboard now")
            } catch {
                log.warning("the copied text is lost: \((error as? LiveTextError)?.message ?? "\(error)")")
            }
        }
        log.info("stopped")
    }
}

extension DaemonCommand {
    /// SIGHUP: reads the file again and applies it, or keeps the last good settings; either way
    /// says every invalid value and every unknown key, not only the first.
    static func reload(_ settings: SettingsStore, log: ServiceLog) {
        do {
            _ = try settings.reload()
            for warning in settings.warnings { log.warning("settings: \(warning)") }
            log.info("settings reloaded")
        } catch {
            let file = ConfigFile.standard()
            let text = (try? file.readText()) ?? nil
            let check = text.map { ConfigFile.check($0, file: file.path) }
            let errors = check?.errors.isEmpty == false ? check!.errors.map(\.description) : ["\(error)"]
            for message in errors { log.error("settings: \(message)") }
            for warning in check?.warnings ?? [] { log.warning("settings: \(warning)") }
            log.error("settings: \(errors.count) error\(errors.count == 1 ? "" : "s"); keeping the last good settings")
        }
    }
}

/// Unix signals delivered on a queue instead of interrupting whatever runs. Owned by the task
/// that set it up: not Sendable.
final class SignalWatch {
    private var sources: [DispatchSourceSignal] = []
    private let queue = DispatchQueue(label: "livetext.signals")

    func on(_ signal: Int32, _ handler: @escaping @Sendable () -> Void) {
        Foundation.signal(signal, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: signal, queue: queue)
        source.setEventHandler(handler: handler)
        source.resume()
        sources.append(source)
    }
}
