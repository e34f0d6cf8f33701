import ArgumentParser
import DBusKit
import Dispatch
import Foundation
import LiveTextConfig
import LiveTextCore
import LiveTextDetectors
import LiveTextEngines
import LiveTextService

struct DaemonCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "daemon",
        abstract: "Run the org.livetext D-Bus service on the session bus (also installed as livetextd).",
        discussion: """
            Exits cleanly when another daemon already owns org.livetext. SIGHUP reloads the settings \
            file; SIGTERM and SIGINT stop the service. Bus activation often starts it without DISPLAY: \
            run `dbus-update-activation-environment DISPLAY XAUTHORITY` in your session start-up.
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
        let interpreter = try DetectionEnvironment.interpreter(
            region: current.actions.region,
            templates: DetectionEnvironment.templates(current.actions))
        let analyzer = try ImageAnalyzer.system(interpreter: interpreter, cacheCapacity: current.limits.cachedImages)
        let service = LiveTextService(bus: bus, analyzer: analyzer, interpreter: interpreter, settings: settings, log: log)
        try await service.export()

        switch try await bus.requestName(ServiceNames.busName, flags: [.doNotQueue]) {
        case .primaryOwner, .alreadyOwner:
            log.info("livetext \(LiveTextVersion.string) serving \(ServiceNames.busName) as \(bus.uniqueName)")
        default:
            log.info("another livetext daemon owns \(ServiceNames.busName); exiting")
            bus.close()
            return
        }
        try? await analyzer.prewarm()
        await service.startHotkeys()

        let signals = SignalWatch()
        signals.on(SIGHUP) {
            do {
                _ = try settings.reload()
                log.info("settings reloaded")
            } catch {
                log.error("settings: \(error); keeping the last good settings")
            }
        }
        signals.on(SIGTERM) { bus.close() }
        signals.on(SIGINT) { bus.close() }
        await bus.waitUntilDisconnected()
        await service.stop()
        log.info("stopped")
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
