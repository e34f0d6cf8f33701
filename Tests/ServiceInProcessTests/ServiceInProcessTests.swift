import DBusKit
import Foundation
import LiveTextConfig
import LiveTextCore
import LiveTextDesktop
import LiveTextDetectors
@testable import LiveTextService
import Testing
import TestSupport
import X11Kit

/// The service built in this process on a private bus, its handlers called directly.
struct InProcessService {
    let bus: TestBus
    let connection: DBusConnection
    let service: LiveTextService
    let settings: SettingsStore
    let directory: URL

    static func with(displayName: String? = nil, config: String = "",
                     _ body: (InProcessService) async throws -> Void) async throws {
        let bus = try await TestBus.start()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("livetext-inprocess-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let file = directory.appendingPathComponent("config.toml")
        try config.write(to: file, atomically: true, encoding: .utf8)
        let settings = SettingsStore(file: ConfigFile(path: file.path))
        let connection = try await DBusConnection.connect(address: bus.address)
        let service = LiveTextService(bus: connection, analyzer: Fixture.analyzer,
                                      interpreter: LiveInterpreter(AnalysisInterpreter(context: DetectionContext(region: "US"))),
                                      settings: settings, desktop: Desktop(displayName: displayName),
                                      log: ServiceLog(threshold: .error))
        let running = InProcessService(bus: bus, connection: connection, service: service, settings: settings,
                                       directory: directory)
        do {
            try await body(running)
        } catch {
            await running.stop()
            throw error
        }
        await running.stop()
    }

    func stop() async {
        await service.stop()
        connection.close()
        await bus.stop()
        try? FileManager.default.removeItem(at: directory)
    }
}

@Suite("the service in this process")
struct ServiceInProcessTests {
    @Test("a request's record runs the pipeline on what a stand-in acquisition gives, and finishes with its analysis")
    func recordRunsThePipeline() async throws {
        try await InProcessService.with { running in
            let image = try Fixture.image("text-light-15px.png")
            let options = try RequestOptions([:], defaults: running.service.defaultConfiguration)
            // An owner on the bus (one that is not is gone, and gets nothing done): the service's own connection.
            let record = try await running.service.startRecord(owner: running.service.bus.uniqueName, options: options,
                                                               describing: "test",
                                                               exported: false) { _ in
                AcquiredImage(image: image, source: "stand-in")
            }
            await record.wait()
            #expect(await record.state == .finished)
            let analysis = try #require(await record.analysis)
            #expect(analysis.image.source == "stand-in")
            #expect(analysis.items.contains { $0.kind == .email && $0.text == "billing@example.com" })
        }
    }

    @Test("stopped hotkeys stay stopped: a settings change afterwards grabs nothing")
    func stoppedHotkeysStayStopped() async throws {
        try await TestDisplay.with(width: 320, height: 200) { server in
            try await InProcessService.with(displayName: server.name) { running in
                await running.service.startHotkeys()
                let probe = try HotkeyGrabber(displayName: server.name)
                defer { probe.close() }
                let text = HotkeyBinding(id: "probe", modifiers: [.super, .shift], keysym: "T")
                let f9 = HotkeyBinding(id: "probe", modifiers: [.super], keysym: "F9")
                // The default Super+Shift+T is the service's while it runs.
                #expect(probe.grab([text]).count == 1)

                await running.service.stopHotkeys()
                _ = try running.settings.update { settings in
                    settings.hotkeys = ["new": Hotkey(keys: KeyCombo(modifiers: [.super], key: "F9"), action: .codes)]
                }
                try await Task.sleep(for: .milliseconds(500))
                #expect(probe.grab([f9]).isEmpty, "the service grabbed Super+F9 after its hotkeys were stopped")
                #expect(probe.grab([text]).isEmpty)
            }
        }
    }

    @Test("running hotkeys follow the settings: a new combination is grabbed, the old one released")
    func hotkeysFollowSettings() async throws {
        try await TestDisplay.with(width: 320, height: 200) { server in
            try await InProcessService.with(displayName: server.name) { running in
                await running.service.startHotkeys()
                _ = try running.settings.update { settings in
                    settings.hotkeys = ["new": Hotkey(keys: KeyCombo(modifiers: [.super], key: "F9"), action: .codes)]
                }
                let probe = try HotkeyGrabber(displayName: server.name)
                defer { probe.close() }
                let text = HotkeyBinding(id: "probe", modifiers: [.super, .shift], keysym: "T")
                // The service lets go of Super+Shift+T in the grab that takes Super+F9: wait for that.
                var released = false
                for _ in 0..<50 {
                    released = probe.grab([text]).isEmpty
                    if released { break }
                    try await Task.sleep(for: .milliseconds(100))
                }
                #expect(released, "Super+Shift+T was never released by the service")
                _ = probe.grab([])
                let f9 = HotkeyBinding(id: "probe", modifiers: [.super], keysym: "F9")
                #expect(probe.grab([f9]).count == 1, "Super+F9 is not the service's")
            }
        }
    }
}
